import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openRecord } from '../data/src/record.ts';
import { PROJECT_ROOT } from '../indexer/src/config.ts';
import { AdminAccountRepository } from '../backend/src/db/admin-account-repository.ts';
import { AdminAccounts } from '../backend/src/services/admin-accounts.ts';

describe('npm run admin:password', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'admin-password-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  const run = (input: string) =>
    spawnSync(process.execPath, ['--import', 'tsx', 'scripts/admin-password.ts'], {
      cwd: PROJECT_ROOT,
      input,
      encoding: 'utf8',
      env: { ...process.env, DATA_DIR: dataDir, ADMIN_USERNAME: 'admin', ADMIN_PASSWORD: '' },
    });

  it('reads the new password from standard input, never from the command line, and stores its hash', async () => {
    const record = openRecord(join(dataDir, 'directory.sqlite'));
    await new AdminAccounts(new AdminAccountRepository(record)).bootstrap('admin', 'the first password', () => undefined);
    record.close();

    const tooShort = run('short\n');
    expect(tooShort.status).toBe(1);
    expect(tooShort.stderr).toContain('at least 12 characters');

    const changed = run('piped in from stdin\n');
    expect(changed.stderr).toBe('');
    expect(changed.status).toBe(0);
    expect(changed.stdout).toContain('The password of "admin" was changed');
    expect(changed.stdout).not.toContain('piped in from stdin');

    const after = openRecord(join(dataDir, 'directory.sqlite'));
    const accounts = new AdminAccounts(new AdminAccountRepository(after));
    expect(await accounts.verify('admin', 'piped in from stdin')).not.toBeNull();
    expect(await accounts.verify('admin', 'the first password')).toBeNull();
    after.close();
  });
});
