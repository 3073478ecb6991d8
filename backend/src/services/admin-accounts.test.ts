import { afterAll, describe, expect, it, vi } from 'vitest';
import { openRecord } from '@directory/data/record.ts';
import { loadBackendConfig } from '../config.ts';
import { AdminAccountRepository } from '../db/admin-account-repository.ts';
import { AdminAccounts } from './admin-accounts.ts';
import { hashPassword, passwordProblem, verifyPassword } from './password.ts';

describe('password hashing', () => {
  it('stores a self-describing scrypt hash (N=2^17, r=8, p=1, random salt) that verifies only the right password', async () => {
    const hash = await hashPassword('a long enough password');
    expect(hash).toMatch(/^scrypt\$131072\$8\$1\$[A-Za-z0-9+/]{22}==\$[A-Za-z0-9+/]{43}=$/);
    expect(hash).not.toContain('a long enough password');
    expect(await hashPassword('a long enough password')).not.toBe(hash);
    expect(await verifyPassword('a long enough password', hash)).toBe(true);
    expect(await verifyPassword('a long enough passworD', hash)).toBe(false);
    expect(await verifyPassword('anything', 'plain-text')).toBe(false);
  });

  it('refuses short passwords and the username as password', () => {
    expect(passwordProblem('short', 'admin')).toBe('must be at least 12 characters');
    expect(passwordProblem('administrator', 'Administrator')).toBe('must not be the same as the username');
    expect(passwordProblem('twelve chars', 'admin')).toBeNull();
  });
});

describe('the administrator account', () => {
  const record = openRecord(':memory:');
  const accounts = new AdminAccounts(new AdminAccountRepository(record));
  afterAll(() => record.close());

  it('generates a strong password at first start, prints it once, stores only its hash', async () => {
    const printed: string[] = [];
    expect(await accounts.bootstrap('admin', undefined, (lines) => printed.push(...lines))).toBe('generated');
    const password = /password: (\S+)/.exec(printed.join('\n'))![1]!;
    expect(password.length).toBeGreaterThanOrEqual(24);
    expect(printed.join('\n')).toContain('npm run admin:password');
    const stored = record.prepare('SELECT password_hash FROM admin_users').pluck().get() as string;
    expect(stored).not.toContain(password);
    expect(await accounts.verify('admin', password)).toMatchObject({ username: 'admin' });
    // The next start prints nothing.
    const again: string[] = [];
    expect(await accounts.bootstrap('admin', undefined, (lines) => again.push(...lines))).toBe('unchanged');
    expect(again).toEqual([]);
  });

  it('sets the password from ADMIN_PASSWORD, and a changed password ends the sessions', async () => {
    expect(await accounts.bootstrap('admin', 'from the environment', () => undefined)).toBe('updated-from-env');
    expect(await accounts.verify('admin', 'from the environment')).not.toBeNull();
    record.prepare(`INSERT INTO admin_sessions VALUES ('h', 1, 't', 0, 0, 9999999999999)`).run();
    await accounts.changePassword('admin', 'a brand new secret');
    expect(await accounts.verify('admin', 'from the environment')).toBeNull();
    expect(await accounts.verify('admin', 'a brand new secret')).not.toBeNull();
    expect(record.prepare('SELECT count(*) FROM admin_sessions').pluck().get()).toBe(0);
    await expect(accounts.changePassword('admin', 'short')).rejects.toThrow('at least 12 characters');
    await expect(accounts.changePassword('ghost', 'long enough secret')).rejects.toThrow('no administrator named "ghost"');
  });
});

describe('configuration', () => {
  it('refuses to start with an ADMIN_PASSWORD under 12 characters or equal to the username', () => {
    const exit = vi.spyOn(process, 'exit').mockImplementation((code) => {
      throw new Error(`exit ${code}`);
    });
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      expect(() => loadBackendConfig({ ADMIN_PASSWORD: 'elevenchars' })).toThrow('exit 1');
      expect(errors.mock.calls.flat().join('\n')).toContain('ADMIN_PASSWORD: must be at least 12 characters');
      expect(() => loadBackendConfig({ ADMIN_USERNAME: 'operator-admin', ADMIN_PASSWORD: 'operator-admin' })).toThrow('exit 1');
      expect(errors.mock.calls.flat().join('\n')).toContain('ADMIN_PASSWORD: must not be the same as ADMIN_USERNAME');
      expect(loadBackendConfig({ ADMIN_PASSWORD: 'twelve chars', TRUST_PROXY: 'true' })).toMatchObject({
        adminPassword: 'twelve chars', isProxyTrusted: true,
      });
      expect(loadBackendConfig({}).isProxyTrusted).toBe(false);
    } finally {
      exit.mockRestore();
      errors.mockRestore();
    }
  });
});
