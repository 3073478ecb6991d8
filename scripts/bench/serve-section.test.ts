import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { copyDataSet } from './serve-section.ts';

describe('copyDataSet (the data set the import under load writes into)', () => {
  const root = mkdtempSync(join(tmpdir(), 'bench-copy-'));
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('copies the files of a data set reached through a symbolic link, so writes to the copy leave it as it was', () => {
    const real = join(root, 'real');
    mkdirSync(join(real, 'index'), { recursive: true });
    writeFileSync(join(real, 'directory.sqlite'), 'record');
    writeFileSync(join(real, 'index', 'current'), 'search-1.sqlite');
    symlinkSync(real, join(root, 'size-1000'));
    const scratch = join(root, 'size-1000-import-scratch');
    copyDataSet(join(root, 'size-1000'), scratch);
    writeFileSync(join(scratch, 'directory.sqlite'), 'record + imported rows');
    expect(readFileSync(join(real, 'directory.sqlite'), 'utf8')).toBe('record');
    expect(readFileSync(join(scratch, 'index', 'current'), 'utf8')).toBe('search-1.sqlite');
    // A second copy replaces the first.
    copyDataSet(join(root, 'size-1000'), scratch);
    expect(readFileSync(join(scratch, 'directory.sqlite'), 'utf8')).toBe('record');
    expect(existsSync(join(scratch, 'index'))).toBe(true);
  });
});
