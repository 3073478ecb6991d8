/**
 * Layout of the embedded index file. Documents get their row id (`pos`) in popularity order
 * at a full rebuild, and every index a search drives from (full-text doclists, `docs_category`,
 * `docs_country`, `docs_country_city`) yields rows in `pos` order, so "the first N rows read" are
 * "the N most popular" and a search can stop reading there. Counts and letters are precomputed
 * tables, kept up to date by deltas on every incremental change.
 */
import { SITEMAP_FILE_SIZE } from '../engine.ts';
import { FTS_COLUMNS, SPECIAL_LETTERS } from './search-text.ts';

// 5: the bounded-search vocabulary and indexes together with the sitemap file table (two branches each called their layout 4).
// 6: texts folded by search-text.ts (singulars, CJK bigrams), the contact column (street, phone digits), first-letter typo index.
// 7: Italian and German category plurals folded at index time (text/plural.ts): "ristoranti" also holds "ristorante".
// 8: special_terms (terms spelt with ø, ß, æ, … by slug), written at a rebuild and kept by the sync.
// 9: the geo column of docs_fts (grid cell tokens of each point, `_` a token character), for the distance sort with words.
// 10: doc_columns (the search's in-memory columns as the rebuild wrote them) and docs_touched (positions changed since), see doc-columns.ts.
// 11: the typo indexes of vocab leave out terms of digits only (TYPO_TERMS).
// 12: a word written with a hyphen or an apostrophe is also stored joined ("wi fi wifi", text/joined-words.ts withJoinedCopies).
// 13: docs_category_place, the points of each category (a business page's nearby businesses, sqlite-nearby.ts).
// 14: is_temporarily_closed (business_closures), and no open_hours for such a business ("open now" never finds it).
// 15: vocab_prefix, the terms of each first four letters by frequency (prefix expansion, search-vocabulary.ts).
export const INDEX_FORMAT_VERSION = '15';

/**
 * The tables a search reads besides docs: built at a full rebuild by a thread of their own
 * (search-tables-worker.ts), in a file of their own, and copied into the index file (search-tables.ts).
 */
export const SEARCH_TABLES_DDL = `
CREATE VIRTUAL TABLE docs_geo USING rtree(pos, min_lat, max_lat, min_lng, max_lng);
-- Texts are stored as search-text.ts's ftsTexts() writes them (folded words, singulars, CJK
-- bigrams, phone digits), so the tokenizer only splits them. The geo column holds the grid cells
-- of the point (search-geo.ts geoCellText): tokens starting with "_", a token character here that
-- query words never hold, so no word or prefix of a query reaches them (nor the vocabulary).
CREATE VIRTUAL TABLE docs_fts USING fts5(
  name, category, place, about, contact, geo,
  content = '', contentless_delete = 1,
  tokenize = "unicode61 remove_diacritics 2 tokenchars '_'", prefix = '2 3'
);
-- Terms of docs_fts with the number of documents holding them: prefix expansion reads a
-- prefix's terms as one key range, or the most frequent terms of its first four letters
-- (vocab_prefix), typo correction the most frequent terms of one first letter and length
-- (vocab_typo). Terms of removed documents stay (they then match nothing).
CREATE TABLE vocab (
  term TEXT PRIMARY KEY,
  head TEXT NOT NULL,
  len  INTEGER NOT NULL,
  docs INTEGER NOT NULL
) WITHOUT ROWID;
-- Terms holding a letter slugs spell otherwise (ø, ß, æ, đ, ð, ł), by slug: "københavn" and
-- "kobenhavn" share the city slug kobenhavn but not a full-text term, so a filter's column phrase
-- holds both. Like vocab, terms of removed documents stay.
CREATE TABLE special_terms (
  slug TEXT NOT NULL,
  term TEXT NOT NULL,
  PRIMARY KEY (slug, term)
) WITHOUT ROWID;
`;

export const INSERT_GEO_SQL = 'INSERT INTO docs_geo (pos, min_lat, max_lat, min_lng, max_lng) VALUES (?, ?, ?, ?, ?)';
/** A document's texts, then its grid cells (search-geo.ts geoCellText). */
export const INSERT_FTS_SQL = `INSERT INTO docs_fts (rowid, ${FTS_COLUMNS.join(', ')}, geo) VALUES (?, ${FTS_COLUMNS.map(() => '?').join(', ')}, ?)`;

export const DOCS_DDL = `
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
CREATE TABLE docs (
  pos           INTEGER PRIMARY KEY,
  business_id   INTEGER NOT NULL,
  slug          TEXT NOT NULL,
  name          TEXT NOT NULL,
  category      TEXT,
  category_slug TEXT,
  type          TEXT,
  city          TEXT,
  city_slug     TEXT,
  country_code  TEXT,
  country       TEXT,
  postal_code   TEXT,
  address       TEXT,
  phone         TEXT,
  photo         TEXT,
  rating        REAL,
  reviews       INTEGER NOT NULL,
  is_approved   INTEGER NOT NULL,
  verified      INTEGER NOT NULL,
  created_at    TEXT NOT NULL,
  updated_at    TEXT NOT NULL,
  place_id      TEXT,
  url           TEXT,
  latitude      REAL,
  longitude     REAL,
  time_zone     TEXT,
  working_hours TEXT,
  -- weekly open intervals in local minutes ("540-1020 1980-2460"), for "open now"; null for a
  -- temporarily closed business, whatever its usual hours (working_hours) say
  open_hours    TEXT,
  -- 1: marked temporarily closed (the record's business_closures)
  is_temporarily_closed INTEGER NOT NULL
);
-- The columns a search filters, sorts and counts by, as typed arrays (doc-columns.ts): written by
-- a full rebuild with the rows, then kept current in memory from docs_touched.
CREATE TABLE doc_columns (name TEXT PRIMARY KEY, data BLOB NOT NULL);
-- Positions an incremental change wrote or removed, in order (the latest TOUCHED_KEPT at least are kept).
CREATE TABLE docs_touched (seq INTEGER PRIMARY KEY, pos INTEGER NOT NULL);
${SEARCH_TABLES_DDL}CREATE TABLE categories (
  slug           TEXT PRIMARY KEY,
  name           TEXT NOT NULL,
  letter         TEXT NOT NULL,
  business_count INTEGER NOT NULL,
  country_count  INTEGER NOT NULL DEFAULT 0,
  rating_sum     REAL NOT NULL DEFAULT 0,
  rated_count    INTEGER NOT NULL DEFAULT 0
) WITHOUT ROWID;
CREATE TABLE countries (
  code           TEXT PRIMARY KEY,
  slug           TEXT NOT NULL,
  name           TEXT NOT NULL,
  business_count INTEGER NOT NULL,
  city_count     INTEGER NOT NULL DEFAULT 0,
  category_count INTEGER NOT NULL DEFAULT 0
) WITHOUT ROWID;
CREATE TABLE cities (
  country_code   TEXT NOT NULL,
  slug           TEXT NOT NULL,
  name           TEXT NOT NULL,
  -- the name in lower case without accents, for the city lists' text filter
  folded_name    TEXT NOT NULL,
  letter         TEXT NOT NULL,
  business_count INTEGER NOT NULL,
  category_count INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (country_code, slug)
) WITHOUT ROWID;
CREATE TABLE category_country (
  category_slug  TEXT NOT NULL,
  country_code   TEXT NOT NULL,
  business_count INTEGER NOT NULL,
  PRIMARY KEY (category_slug, country_code)
) WITHOUT ROWID;
-- Business sitemap files: file n starts at business id first_id (the first at 0) and ends where file n+1 starts.
-- lastmod: the latest change of a business of the file (an update, or a removal when it was applied).
CREATE TABLE sitemap_files (
  file     INTEGER PRIMARY KEY,
  first_id INTEGER NOT NULL UNIQUE,
  lastmod  TEXT
);
CREATE TABLE city_category (
  country_code   TEXT NOT NULL,
  city_slug      TEXT NOT NULL,
  category_slug  TEXT NOT NULL,
  business_count INTEGER NOT NULL,
  PRIMARY KEY (country_code, city_slug, category_slug)
) WITHOUT ROWID;
`;

/** Secondary indexes, created after the bulk load (faster than maintaining them row by row). */
export const INDEXES_DDL = `
CREATE UNIQUE INDEX docs_business ON docs (business_id);
CREATE INDEX docs_category ON docs (category_slug);
CREATE INDEX docs_country ON docs (country_code);
CREATE INDEX docs_country_city ON docs (country_code, city_slug);
-- One category in one city or one country, in pos order: the narrowest filter of a search is often
-- such a pair (the city_category and category_country tables hold their counts).
CREATE INDEX docs_city_category ON docs (country_code, city_slug, category_slug);
CREATE INDEX docs_category_country ON docs (category_slug, country_code);
-- Featured businesses in popularity order, however few of them there are.
CREATE INDEX docs_featured ON docs (pos) WHERE is_approved = 1 AND rating >= 4;
-- The points of one category, by latitude, with the business id: the nearest businesses of a category
-- are read from its latitude band around a point, an entry costing no document read (sqlite-nearby.ts).
CREATE INDEX docs_category_place ON docs (category_slug, latitude, longitude, business_id) WHERE latitude IS NOT NULL AND longitude IS NOT NULL;
`;

/**
 * What the sitemap files are computed from: the two columns of docs they read, copied in one pass
 * over the table. Numbering docs itself through its business_id index read each row at a random
 * place (measured at 1,000,000 businesses: 5 s; from this table, before the indexes exist, 1.4 s).
 */
export const DOC_FACTS_SQL = `
CREATE TEMP TABLE doc_facts AS SELECT business_id, updated_at FROM docs;
`;

/** Fills the typo vocabulary from the finished full-text index, in bulk. */
export const VOCAB_SQL = `
CREATE VIRTUAL TABLE temp.docs_terms USING fts5vocab(main, docs_fts, row);
INSERT INTO vocab (term, head, len, docs) SELECT term, substr(term, 1, 1), length(term), doc FROM temp.docs_terms WHERE term NOT GLOB '_*';
DROP TABLE temp.docs_terms;
INSERT INTO special_terms (slug, term) SELECT slugify(term), term FROM vocab WHERE term GLOB '*[${SPECIAL_LETTERS}]*';
`;

/**
 * The terms typo corrections are looked for among: those with a character other than a digit.
 * Terms of digits only (phone numbers, postal codes, house numbers: 2,056,343 of the 2,090,171
 * terms at 1,000,000 demo businesses) are never a typo correction (search-vocabulary.ts), so
 * the typo indexes leave them out; they stay in vocab for prefix expansion. The typo queries
 * repeat this condition word for word: SQLite uses a partial index only for a query that holds
 * its WHERE term.
 */
export const TYPO_TERMS = "term GLOB '*[^0-9]*'";

/** The letters of a term's head, by which vocab_prefix orders its terms (the shortest prefix the vocabulary expands). */
export const PREFIX_HEAD_LENGTH = 4;

/**
 * The terms vocab_prefix holds: all but the terms of digits only that one document holds (1,853,622
 * of the 2,090,334 terms at 1,000,000 demo businesses, phone numbers mostly). No term is held by
 * fewer documents, so the most frequent terms of a prefix are those of the index, then any others.
 * The prefix queries repeat this condition word for word, as the typo queries do {@link TYPO_TERMS}.
 */
export const RANKED_PREFIX_TERMS = `(${TYPO_TERMS} OR docs > 1)`;

/**
 * The vocabulary's indexes, created in the index file once the vocabulary is copied in. Measured
 * in rebuilds at 1,000,000 businesses: 0.47–0.48 s for the two typo indexes, against 2.08–2.18 s
 * for indexes of every term; vocab_prefix, on a copy of that vocabulary: 0.42–0.48 s, 4.4 MB
 * (236,712 terms; 0.82–0.96 s and 43 MB holding every term).
 */
export const VOCAB_INDEXES_SQL = `
CREATE INDEX vocab_typo ON vocab (head, len, docs DESC) WHERE ${TYPO_TERMS};
-- Typos in the first letter of a long word: the terms of one second letter and length.
CREATE INDEX vocab_typo_second ON vocab (substr(term, 2, 1), len, docs DESC) WHERE ${TYPO_TERMS};
-- Prefix expansion: the terms of one head (first four letters), the most frequent first.
CREATE INDEX vocab_prefix ON vocab (substr(term, 1, ${PREFIX_HEAD_LENGTH}), docs DESC) WHERE ${RANKED_PREFIX_TERMS};
`;

/**
 * Cuts the public businesses, in id order, into sitemap files of SITEMAP_FILE_SIZE with their
 * latest change: one pass at a rebuild (over {@link DOC_FACTS_SQL}'s table), so that no request
 * ever numbers rows.
 */
export const SITEMAP_FILES_SQL = `
INSERT INTO sitemap_files (file, first_id, lastmod)
  SELECT file, CASE WHEN file = 1 THEN 0 ELSE min(business_id) END, max(updated_at)
  FROM (SELECT business_id, updated_at, (row_number() OVER (ORDER BY business_id) - 1) / ${SITEMAP_FILE_SIZE} + 1 AS file FROM doc_facts)
  GROUP BY file;
`;
