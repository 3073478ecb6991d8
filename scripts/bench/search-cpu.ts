/**
 * `npm run bench:search -- --dir BENCH_DIR/size-N [--per-class 100] [--seed 7] [--only CLASS] [--rounds 1]`
 *
 * The embedded engine's search alone, in this process (no HTTP, no thread): many different
 * searches drawn from the record of `--dir` (its `directory.sqlite`) by query class, run on its
 * index (`index/`), each class once untimed (warm pages) and then `--rounds` times timed. Prints
 * per class the wall-clock p50/p99 and the CPU time per search (process.cpuUsage, user+system),
 * which a busy shared machine disturbs less than wall-clock time. Deterministic for a record and
 * a seed, so a run before a change and one after it send the same searches. Run it under
 * `node --cpu-prof --import tsx scripts/bench/search-cpu.ts …` to see where the CPU goes (the biggest
 * .cpuprofile written is the search thread's; the others are the loader's).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { Random } from '@directory/data/demo/random.ts';
import { foldText } from '@directory/data/slug.ts';
import type { SearchRequest } from '@directory/indexer/search-types.ts';
import cityTimezones from 'city-timezones';
import { placeKey } from '@directory/indexer/places/place-key.ts';
import { openIndexDatabase, type IndexDatabase } from '@directory/indexer/sqlite/index-file.ts';
import { searchIndex } from '@directory/indexer/sqlite/sqlite-search.ts';
import { synonyms } from '@directory/indexer/text/synonyms.ts';
import { makeTypo, sampleRecord, wordsOf, type Sample } from './workload.ts';

export interface SearchClass {
  name: string;
  requests: SearchRequest[];
}

const FACETS: SearchRequest['facets'] = ['category', 'country', 'city'];
/** What `GET /api/search` asks the engine for by default (page 1 of 20, three facets). */
const base = (fields: Partial<SearchRequest>): SearchRequest => ({ page: 1, perPage: 20, facets: FACETS, ...fields });

function pick<T>(values: T[], count: number, random: Random): T[] {
  if (values.length === 0) return [];
  return Array.from({ length: count }, () => values[random.int(values.length)]!);
}

/**
 * The classes of searches, `perClass` each, made of the record's own words, categories and places,
 * and of `farPlaces`: real cities the index has no business in (the where box looks around them).
 */
export function searchClasses(sample: Sample, perClass: number, random: Random, farPlaces: string[] = []): SearchClass[] {
  const nameWords = sample.nameWords.filter((word) => word.length >= 3);
  const twoWords = sample.businessNames.flatMap((name) => {
    const words = wordsOf(name);
    return words.length >= 2 ? [`${words[0]} ${words[1]}`] : [];
  });
  const typoWords = [...sample.nameWords, ...sample.categoryWords].filter((word) => word.length >= 5);
  const categories = [...new Set(sample.places.map((place) => foldText(place.category)))];
  // Every phrase of the synonym table but the first of its group, which is usually the category's own name.
  const synonymPhrases = synonyms.groups.flatMap((group) => group.slice(1));
  const categoryWord = (category: string) => wordsOf(category)[0] ?? category;
  return [
    { name: 'single word', requests: pick(nameWords, perClass, random).map((q) => base({ query: q })) },
    { name: 'two words', requests: pick(twoWords, perClass, random).map((q) => base({ query: q })) },
    { name: 'typo', requests: pick(typoWords, perClass, random).map((word) => base({ query: makeTypo(word, random) })) },
    { name: 'category word', requests: pick(categories, perClass, random).map((q) => base({ query: q })) },
    { name: 'synonym', requests: pick(synonymPhrases, perClass, random).map((q) => base({ query: q })) },
    {
      name: 'word + place',
      requests: pick(sample.places, perClass, random).map((place) => base({ query: categoryWord(place.category), location: place.city })),
    },
    {
      name: 'word + distance',
      requests: pick(sample.places, perClass, random).map((place) =>
        base({ query: categoryWord(place.category), sort: 'distance', aroundPoint: { lat: place.latitude, lng: place.longitude } }),
      ),
    },
    // Drawn after the classes above, which therefore send the same searches as before these were added.
    {
      // What the instant search sends while a category word is typed: its first 4 to 6 letters.
      name: 'typing',
      requests: pick(categories.map(categoryWord).filter((word) => word.length >= 7), perClass, random).map((word) => base({ query: word.slice(0, 4 + random.int(3)) })),
    },
    {
      name: 'word + far place',
      requests: pick(farPlaces, perClass, random).map((city) => base({ query: categoryWord(pick(sample.places, 1, random)[0]!.category), location: city })),
    },
  ];
}

/** Cities `city-timezones` knows that the index holds no business in, by name. */
function citiesWithoutBusinesses(db: IndexDatabase): string[] {
  const indexed = new Set((db.prepare('SELECT name FROM cities').pluck().all() as string[]).map(placeKey));
  return [...new Set(cityTimezones.cityMapping.map((city) => city.city))].filter((name) => !indexed.has(placeKey(name))).sort();
}

export interface ClassFigures {
  name: string;
  searches: number;
  p50Ms: number;
  p99Ms: number;
  cpuMsPerSearch: number;
  cpuP99Ms: number;
  slowest: string;
}

function percentile(sorted: number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))] ?? 0;
}

const round = (value: number) => Math.round(value * 10) / 10;

function describe(request: SearchRequest): string {
  const parts = [`q=${request.query ?? ''}`];
  if (request.location) parts.push(`location=${request.location}`);
  if (request.sort === 'distance') parts.push('sort=distance');
  return parts.join(' ');
}

function main(): void {
  const { values } = parseArgs({
    options: {
      dir: { type: 'string' },
      'per-class': { type: 'string', default: '100' },
      seed: { type: 'string', default: '7' },
      only: { type: 'string' },
      rounds: { type: 'string', default: '1' },
    },
  });
  if (!values.dir) throw new Error('--dir BENCH_DIR/size-N is required (a directory holding directory.sqlite and index/)');
  const record = join(values.dir, 'directory.sqlite');
  const indexDir = join(values.dir, 'index');
  const pointer = join(indexDir, 'current');
  if (!existsSync(record) || !existsSync(pointer)) throw new Error(`${values.dir} holds no directory.sqlite with an index/current`);
  const perClass = Number(values['per-class']);
  const rounds = Number(values.rounds);
  const random = new Random(Number(values.seed));
  const sample = sampleRecord(record, 2000, random);
  const db = openIndexDatabase(join(indexDir, readFileSync(pointer, 'utf8').trim()), { readonly: true });
  const classes = searchClasses(sample, perClass, random, citiesWithoutBusinesses(db)).filter((c) => !values.only || c.name.includes(values.only));
  const figures: ClassFigures[] = [];
  const now = new Date();
  void (async () => {
    for (const searchClass of classes) {
      for (const request of searchClass.requests) await searchIndex(db, { ...request, now });
      const wall: number[] = [];
      const cpu: number[] = [];
      let slowest = { ms: -1, text: '' };
      for (let round = 0; round < rounds; round += 1) {
        for (const request of searchClass.requests) {
          const cpuBefore = process.cpuUsage();
          const started = performance.now();
          await searchIndex(db, { ...request, now });
          const ms = performance.now() - started;
          const used = process.cpuUsage(cpuBefore);
          wall.push(ms);
          cpu.push((used.user + used.system) / 1000);
          if (ms > slowest.ms) slowest = { ms, text: describe(request) };
        }
      }
      wall.sort((a, b) => a - b);
      const cpuSorted = [...cpu].sort((a, b) => a - b);
      figures.push({
        name: searchClass.name,
        searches: wall.length,
        p50Ms: round(percentile(wall, 0.5)),
        p99Ms: round(percentile(wall, 0.99)),
        cpuMsPerSearch: round(cpu.reduce((total, value) => total + value, 0) / cpu.length),
        cpuP99Ms: round(percentile(cpuSorted, 0.99)),
        slowest: `${slowest.text} (${round(slowest.ms)} ms)`,
      });
    }
    console.log(`${perClass} searches per class x ${rounds} timed round(s), seed ${values.seed}, index ${indexDir}`);
    console.log('class            | searches | p50 ms | p99 ms | CPU ms/search | CPU p99 ms | slowest');
    for (const f of figures) {
      console.log(
        `${f.name.padEnd(16)} | ${String(f.searches).padStart(8)} | ${String(f.p50Ms).padStart(6)} | ${String(f.p99Ms).padStart(6)} | ${String(f.cpuMsPerSearch).padStart(13)} | ${String(f.cpuP99Ms).padStart(10)} | ${f.slowest}`,
      );
    }
    db.close();
  })();
}

main();
