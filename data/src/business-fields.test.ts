import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BUSINESS_FIELDS } from './business-fields.ts';
import { openRecord } from './record.ts';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'business-fields-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('the business field registry', () => {
  it("lists every column of the migrated businesses table once (but the demo marker, the record's bookkeeping rather than a field of the business)", () => {
    const record = openRecord(join(dir, 'record.sqlite'));
    const tableColumns = (record.prepare('SELECT name FROM pragma_table_info(?)').pluck().all('businesses') as string[]).filter((column) => column !== 'is_demo');
    record.close();
    const listed = BUSINESS_FIELDS.map((field) => field.column);
    expect([...listed].sort()).toEqual([...tableColumns].sort());
    expect(new Set(listed).size).toBe(listed.length);
  });
});
