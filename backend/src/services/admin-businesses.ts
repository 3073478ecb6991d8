import { createHash } from 'node:crypto';
import type { BusinessRow, BusinessRowWithClosure } from '@directory/data/business-row.ts';
import { businessSlug } from '@directory/data/slug.ts';
import type { RecordDatabase } from '@directory/data/record.ts';
import { faultPoint } from '@directory/indexer/fault-point.ts';
import { foldText } from '@directory/indexer/text/fold.ts';
import {
  AdminBusinessRepository,
  type AdminSortBy,
  type BulkOutcome,
  type BusinessEditColumns,
  type ListPosition,
  type NameSearch,
  type SortOrder,
} from '../db/admin-business-repository.ts';
import { decodeListCursor, encodeListCursor, MAX_OFFSET_PAGE } from './admin-list-cursor.ts';
import type { AdminBulkAction, AdminBusinessEdit } from '../shared/admin-types.ts';

/** Words typed in the admin search, as an FTS5 query: every word, as a prefix ("joe piz" finds "Joe's Pizza"). */
export function buildNameMatch(filter: string): string | null {
  const words = filter.normalize('NFKC').match(/[\p{L}\p{N}]+/gu) ?? [];
  if (words.length === 0) return null;
  return words.map((word) => `"${word}"*`).join(' ');
}

/** The words of a text as the name table's tokenizer sees them (unicode61, remove_diacritics 2: case and accents folded, as the search index's). */
function tokensOf(text: string): string[] {
  return foldText(text).match(/[\p{L}\p{N}]+/gu) ?? [];
}

/**
 * The admin name search: its FTS5 query, and the same test on one name (every word typed is
 * the start of a word of the name), used when a walk along a sort index reads the names.
 */
export function buildNameSearch(filter: string): NameSearch | null {
  const match = buildNameMatch(filter);
  if (match === null) return null;
  // Each word typed must start a word of the name: follow the start of the text or a character that is no letter or digit.
  const wordStarts = tokensOf(filter.normalize('NFKC')).map((prefix) => new RegExp(`(?<![\\p{L}\\p{N}])${prefix}`, 'u'));
  return { match, test: (name) => {
    const text = foldText(name);
    return wordStarts.every((wordStart) => wordStart.test(text));
  } };
}

/** The address line an operator wrote, else rebuilt from its parts when an operator changed one of them. */
function fullAddressOf(edit: AdminBusinessEdit, row: BusinessRow): string | null {
  if (edit.fullAddress !== undefined) return edit.fullAddress;
  const isUnchanged =
    edit.street === row.street && edit.city === row.city && edit.postalCode === row.postal_code && edit.country === row.country;
  if (isUnchanged) return row.full_address;
  const cityLine = [edit.postalCode, edit.city].filter(Boolean).join(' ');
  return [edit.street, cityLine, edit.country].filter(Boolean).join(', ') || null;
}

export function toEditColumns(edit: AdminBusinessEdit, row: BusinessRow): BusinessEditColumns {
  return {
    name: edit.name,
    category: edit.category,
    type: edit.type,
    full_address: fullAddressOf(edit, row),
    street: edit.street,
    city: edit.city,
    postal_code: edit.postalCode,
    country: edit.country,
    country_code: edit.countryCode,
    phone: edit.phone,
    latitude: edit.latitude,
    longitude: edit.longitude,
    rating: edit.rating === undefined ? row.rating : edit.rating,
    reviews: edit.reviews ?? row.reviews,
    reviews_link: edit.reviewsLink === undefined ? row.reviews_link : edit.reviewsLink,
    logo: edit.logo === undefined ? row.logo : edit.logo,
    located_in: edit.locatedIn === undefined ? row.located_in : edit.locatedIn,
    working_hours: edit.workingHours === undefined ? row.working_hours : edit.workingHours === null ? null : JSON.stringify(edit.workingHours),
    about: edit.about,
    url: edit.url === undefined ? row.url : edit.url,
    photo: edit.photo === undefined ? row.photo : edit.photo,
    verified: edit.verified ? 1 : 0,
    is_approved: edit.isApproved ? 1 : 0,
  };
}

/** Businesses fix-slugs reads per transaction; between two, the event loop serves others. */
const FIX_SLUGS_BATCH = 500;
const FIX_SLUGS_CHECKPOINT = 'fix-slugs';
const MAX_SLUG_WIDENING = 16;

/** The key a canonical slug ends with (as business-writer.ts derives it). */
function slugKey(row: BusinessRow): string {
  return row.place_id ?? createHash('sha256').update(`${row.name}\n${row.full_address ?? ''}`).digest('hex');
}

/** Whether a slug is one of the short forms the writer gives (name + key, widened, or numbered). */
export function isCanonicalSlug(slug: string, name: string, key: string): boolean {
  for (let extra = 0; extra <= MAX_SLUG_WIDENING; extra += 2) {
    const short = businessSlug(name, key, extra);
    if (slug === short || (extra === MAX_SLUG_WIDENING && new RegExp(`^${escapeRegExp(short)}-\\d+$`).test(slug))) return true;
  }
  return false;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Admin operations on the record's businesses (list, edit, approval, deletions, slug repair). */
export class AdminBusinessService {
  readonly repository: AdminBusinessRepository;

  constructor(private readonly db: RecordDatabase) {
    this.repository = new AdminBusinessRepository(db);
  }

  /**
   * One page of the list: by number up to MAX_OFFSET_PAGE (the schema refuses more), otherwise
   * after or before a cursor (`before: 'end'` is the last page). Cursors come back encoded.
   */
  list(query: {
    page: number; limit: number; filter: string; category: string; sortBy: AdminSortBy; sortOrder: SortOrder; after?: string | undefined; before?: string | undefined;
  }) {
    const cursorOf = (text: string) => {
      const cursor = decodeListCursor(text, query.sortBy);
      if (cursor === null) throw new Error('The list cursor was not validated');
      return cursor;
    };
    const position: ListPosition =
      query.after !== undefined
        ? { kind: 'after', cursor: cursorOf(query.after) }
        : query.before !== undefined
          ? { kind: 'before', cursor: query.before === 'end' ? null : cursorOf(query.before) }
          : { kind: 'offset', offset: (Math.min(query.page, MAX_OFFSET_PAGE) - 1) * query.limit };
    const page = this.repository.list({
      name: buildNameSearch(query.filter),
      category: query.category === 'all' || query.category.trim() === '' ? null : query.category,
      sortBy: query.sortBy,
      sortOrder: query.sortOrder,
      limit: query.limit,
      position,
    });
    return {
      ...page,
      next: page.next === null ? null : encodeListCursor(page.next),
      prev: page.prev === null ? null : encodeListCursor(page.prev),
    };
  }

  /** Saves an edit in one transaction; the slug is kept, so links and bookmarks keep working. */
  edit(id: number, edit: AdminBusinessEdit): BusinessRowWithClosure | undefined {
    return this.db.transaction(() => {
      const row = this.repository.findById(id);
      if (!row) return undefined;
      this.repository.updateById(id, toEditColumns(edit, row));
      if (edit.status !== undefined) this.repository.setClosure(id, edit.status === 'temporarily_closed' ? 'temporarily_closed' : null);
      return this.repository.findById(id);
    })();
  }

  /**
   * One action on each business named (distinct ids), in one transaction, through the same
   * statements and triggers as the single-row writes (so the change log carries each change to
   * the index): the ids changed, and those no business has.
   */
  bulk(action: AdminBulkAction, ids: readonly number[]): BulkOutcome {
    if (action === 'delete') return this.repository.deleteByIds(ids);
    return this.repository.setApprovalOf(ids, action === 'approve' ? 1 : 0);
  }

  /**
   * Gives every business whose slug is not a short canonical form (long, timestamped, from an
   * older importer) its short form, keeping the old one as a 301 redirect. Resumes after the
   * last business id a previous run finished (stored in SQLite); a completed run clears it.
   */
  async fixSlugs(): Promise<{ successCount: number; totalProcessed: number }> {
    const checkpoint = this.db.prepare('SELECT value FROM admin_checkpoints WHERE name = ?').pluck();
    const saveCheckpoint = this.db.prepare(
      `INSERT INTO admin_checkpoints (name, value) VALUES (?, ?)
       ON CONFLICT (name) DO UPDATE SET value = excluded.value, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`,
    );
    const nextBatch = this.db.prepare('SELECT * FROM businesses WHERE id > ? ORDER BY id LIMIT ?');
    const taken = this.db
      .prepare(
        `SELECT EXISTS (SELECT 1 FROM businesses WHERE slug = @slug) OR EXISTS (SELECT 1 FROM slug_redirects WHERE old_slug = @slug)
           OR EXISTS (SELECT 1 FROM deleted_slugs WHERE slug = @slug)`,
      )
      .pluck();
    const setSlug = this.db.prepare(`UPDATE businesses SET slug = ?, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE id = ?`);
    const addRedirect = this.db.prepare('INSERT OR REPLACE INTO slug_redirects (old_slug, business_id) VALUES (?, ?)');
    let afterId = (checkpoint.get(FIX_SLUGS_CHECKPOINT) as number | undefined) ?? 0;
    let successCount = 0;
    let totalProcessed = 0;
    for (let batch = 1; ; batch += 1) {
      const rows = nextBatch.all(afterId, FIX_SLUGS_BATCH) as BusinessRow[];
      if (rows.length === 0) break;
      this.db.transaction(() => {
        for (const [index, row] of rows.entries()) {
          if (index === rows.length >> 1) faultPoint(`fix-slugs:batch-${batch}-half`);
          const key = slugKey(row);
          if (!isCanonicalSlug(row.slug, row.name, key)) {
            let slug = '';
            for (let extra = 0; extra <= MAX_SLUG_WIDENING && !slug; extra += 2) {
              const candidate = businessSlug(row.name, key, extra);
              if (taken.get({ slug: candidate }) === 0) slug = candidate;
            }
            for (let suffix = 2; !slug; suffix += 1) {
              const candidate = `${businessSlug(row.name, key, MAX_SLUG_WIDENING)}-${suffix}`;
              if (taken.get({ slug: candidate }) === 0) slug = candidate;
            }
            setSlug.run(slug, row.id);
            addRedirect.run(row.slug, row.id);
            successCount += 1;
          }
          totalProcessed += 1;
        }
        afterId = rows[rows.length - 1]!.id;
        saveCheckpoint.run(FIX_SLUGS_CHECKPOINT, afterId);
      })();
      await new Promise((resolve) => setImmediate(resolve));
    }
    this.db.prepare('DELETE FROM admin_checkpoints WHERE name = ?').run(FIX_SLUGS_CHECKPOINT);
    return { successCount, totalProcessed };
  }
}
