/**
 * `npx tsx scripts/bench-admin.ts [rows]`: times the admin business list (every sort, with and
 * without the biggest category and a common or rare name search; the first page, page 50 by
 * OFFSET, a page after a cursor, the last page and the one before it), the content report's
 * missing-field counts and delete-all over a record of `rows` businesses (default 1,000,000) written with SQL into
 * the directory given second (default /tmp/bench-admin), outside the repository; a record
 * already there with that many businesses is reused. `--keep` keeps it afterwards (so delete-all,
 * which empties it, is not run); `--delete-all-only` skips the list and times delete-all on that
 * record; `--filter=pizza` times the list with that name search instead of the built-in ones (none,
 * "pizza", "zanzibar", "pizza 4"), every category, sort and page as usual.
 * Beside each wall-clock figure, the process's CPU time (the machine may be shared).
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { openRecord } from '../data/src/record.ts';
import { AdminBusinessRepository, type AdminSortBy, type ListPosition, type SortOrder } from '../backend/src/db/admin-business-repository.ts';
import { buildNameSearch } from '../backend/src/services/admin-businesses.ts';

const rows = Number(process.argv[2] ?? 1_000_000);
const dir = process.argv[3] ?? '/tmp/bench-admin';
const isKept = process.argv.includes('--keep');
// `--delete-all-only`: no list timings, only delete-all (on the record in `dir`, which it empties).
const isDeleteAllOnly = process.argv.includes('--delete-all-only');
const onlyFilter = process.argv.find((arg) => arg.startsWith('--filter='))?.slice('--filter='.length);
let db = openRecord(join(dir, 'directory.sqlite'));
const isReusable = (db.prepare('SELECT count(*) FROM businesses').pluck().get() as number) === rows;
if (!isReusable) {
  db.close();
  rmSync(dir, { recursive: true, force: true });
  db = openRecord(join(dir, 'directory.sqlite'));
}

const words = ['Pizza', 'Cafe', 'Bakery', 'Dental', 'Auto', 'Garden', 'Hotel', 'Pharmacy', 'Salon', 'Books'];
let started = performance.now();
if (!isReusable) db.prepare(
  `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < @rows)
   INSERT INTO businesses (slug, name, category, country_code, city, rating, reviews, is_approved, created_at)
   SELECT 'b-' || i,
          json_extract(@words, '$[' || (i % 10) || ']') || ' ' || (i * 7919 % 100003) || CASE WHEN i % 50000 = 0 THEN ' Zanzibar' ELSE '' END,
          'Category ' || (i % 400), char(65 + i % 26, 65 + i % 13), 'City ' || (i % 5000),
          (i % 50) / 10.0, i % 2000, i % 3 <> 0,
          strftime('%Y-%m-%dT%H:%M:%fZ', '2020-01-01', '+' || i || ' minutes')
   FROM n`,
).run({ rows, words: JSON.stringify(words) });
if (!isReusable) console.log(`wrote ${rows} businesses in ${((performance.now() - started) / 1000).toFixed(1)} s`);
// Plans as the server has them: it never runs ANALYZE.
if (db.prepare(`SELECT count(*) FROM sqlite_schema WHERE name = 'sqlite_stat1'`).pluck().get() === 1) {
  db.exec('DELETE FROM sqlite_stat1; ANALYZE sqlite_schema');
}

const repository = new AdminBusinessRepository(db);
const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};
let listCpuMs = 0;
let listCalls = 0;
const time = (run: () => unknown, repeat = 3): number => {
  run();
  const samples: number[] = [];
  for (let i = 0; i < repeat; i += 1) {
    const t = performance.now();
    const cpu = cpuMs();
    run();
    samples.push(performance.now() - t);
    listCpuMs += cpuMs() - cpu;
    listCalls += 1;
  }
  return samples.sort((a, b) => a - b)[Math.floor(repeat / 2)]!;
};

const results: [string, number][] = [];
// The biggest category of the record (the generated one's are "Category n").
const category = db.prepare(`SELECT value FROM business_counts WHERE dimension = 'category' ORDER BY n DESC LIMIT 1`).pluck().get() as string;
for (const filter of isDeleteAllOnly ? [] : onlyFilter !== undefined ? [onlyFilter] : ['', 'pizza', 'zanzibar', 'pizza 4']) {
  for (const inCategory of [null, category]) {
    for (const sortBy of ['name', 'rating', 'reviewCount', 'createdAt'] as AdminSortBy[]) {
      for (const sortOrder of ['asc', 'desc'] as SortOrder[]) {
        const query = { name: buildNameSearch(filter), category: inCategory, sortBy, sortOrder, limit: 20 };
        const firstPage = repository.list({ ...query, position: { kind: 'offset', offset: 0 } });
        const lastPage = repository.list({ ...query, position: { kind: 'before', cursor: null } });
        const positions: [string, ListPosition][] = [
          ['page 1', { kind: 'offset', offset: 0 }],
          ['page 50 (offset)', { kind: 'offset', offset: 49 * 20 }],
          ...(firstPage.next ? [['after page 1', { kind: 'after', cursor: firstPage.next }] as [string, ListPosition]] : []),
          ['last page', { kind: 'before', cursor: null }],
          ...(lastPage.prev ? [['before last page', { kind: 'before', cursor: lastPage.prev }] as [string, ListPosition]] : []),
        ];
        for (const [label, position] of positions) {
          const ms = time(() => repository.list({ ...query, position }));
          const name = `filter=${filter || '-'} category=${inCategory ?? 'all'} ${sortBy} ${sortOrder} ${label}`;
          results.push([name, ms]);
          if (ms > 100) console.log(`  slow: ${ms.toFixed(1)} ms  ${name}`);
        }
      }
    }
  }
}
console.log(`missing-field counts (content report): ${time(() => repository.missingFields()).toFixed(2)} ms`);
results.sort((a, b) => b[1] - a[1]);
if (results.length > 0) {
console.log(`admin list: ${results.length} combinations, median of 3 runs each; slowest first:`);
const sorted = results.map(([, ms]) => ms).sort((a, b) => a - b);
console.log(`  median ${sorted[Math.floor(sorted.length / 2)]!.toFixed(2)} ms, 95th percentile ${sorted[Math.floor(sorted.length * 0.95)]!.toFixed(2)} ms; CPU ${(listCpuMs / listCalls).toFixed(2)} ms per call (mean of ${listCalls} timed calls)`);
for (const [name, ms] of results.slice(0, 12)) console.log(`  ${ms.toFixed(2)} ms  ${name}`);
console.log(`  fastest ${results.at(-1)![1].toFixed(2)} ms`);
}

if (!isKept) {
  started = performance.now();
  const deleted = repository.deleteAll();
  console.log(`delete all: ${deleted} businesses in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}
db.close();
if (!isKept) rmSync(dir, { recursive: true, force: true });
