import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeSample, type SampleSummary } from '../../../scripts/samples/generate-sample.ts';
import { openRowEvents, readerWorkerStarts, type RowEvent } from './row-events.ts';

let dir: string;
const files: { file: string; summary: SampleSummary }[] = [];
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'row-events-'));
  for (const [index, format] of (['csv', 'xlsx', 'csv'] as const).entries()) {
    const file = join(dir, `places-${index}.${format}`);
    files.push({ file, summary: await writeSample({ rows: 2500 + index * 100, tool: 'outscraper', format, out: file }) });
  }
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function readAll(file: string): Promise<RowEvent[]> {
  const source = await openRowEvents(file, statSync(file).size, true);
  const events: RowEvent[] = [];
  for await (const event of source.events) events.push(event);
  return events;
}

describe('the reading worker', () => {
  it('is started once and kept for the next files, each read whole and in order', async () => {
    const startsBefore = readerWorkerStarts();
    for (const { file, summary } of files) {
      const events = await readAll(file);
      expect(events[0]!.type).toBe('header');
      const rows = events.filter((event) => event.type !== 'header');
      expect(rows.length).toBe(summary.rows);
      const numbers = rows.map((event) => ('row' in event ? event.row : 0));
      expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
    }
    expect(readerWorkerStarts()).toBe(startsBefore + 1);
  }, 120_000);

  it('is not handed another file after a reader stopped mid-file: the next file gets a fresh worker', async () => {
    const source = await openRowEvents(files[0]!.file, statSync(files[0]!.file).size, true);
    let seen = 0;
    for await (const event of source.events) {
      if (event.type === 'business' && (seen += 1) === 10) break;
    }
    const startsBefore = readerWorkerStarts();
    const events = await readAll(files[2]!.file);
    expect(events.filter((event) => event.type !== 'header').length).toBe(files[2]!.summary.rows);
    expect(readerWorkerStarts()).toBe(startsBefore + 1);
  }, 120_000);

  it('refuses a file it cannot read with the reason, and reads the next one in the same worker', async () => {
    const startsBefore = readerWorkerStarts();
    const bogus = join(dir, 'not-a-sheet.xlsx');
    // A zip's signature and then nothing a zip reader can use.
    writeFileSync(bogus, Buffer.concat([Buffer.from('PK\u0003\u0004'), Buffer.alloc(200, 7)]));
    await expect(openRowEvents(bogus, 204, true)).rejects.toThrow('looks like a zip archive but cannot be read');
    expect((await readAll(files[0]!.file)).length).toBe(files[0]!.summary.rows + 1);
    expect(readerWorkerStarts()).toBe(startsBefore);
  }, 120_000);
});
