import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadBackendConfig } from './config.ts';

describe('PUBLIC_URL', () => {
  afterEach(() => vi.restoreAllMocks());

  /** The lines a refused configuration printed before exiting. */
  function refusal(env: NodeJS.ProcessEnv): string {
    vi.spyOn(process, 'exit').mockImplementation((code) => {
      throw new Error(`exit ${code}`);
    });
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => loadBackendConfig(env)).toThrow('exit 1');
    return errors.mock.calls.flat().join('\n');
  }

  it('is read as an origin, and unset (or empty) by default', () => {
    expect(loadBackendConfig({}).publicUrl).toBeUndefined();
    expect(loadBackendConfig({ PUBLIC_URL: '' }).publicUrl).toBeUndefined();
    expect(loadBackendConfig({ PUBLIC_URL: 'https://Directory.Example/' }).publicUrl).toBe('https://directory.example');
    expect(loadBackendConfig({ PUBLIC_URL: 'http://localhost:3000' }).publicUrl).toBe('http://localhost:3000');
  });

  it.each([
    ['directory.example', 'PUBLIC_URL: must be an http:// or https:// address'],
    ['ftp://directory.example', 'PUBLIC_URL: must be an http:// or https:// address'],
    ['https://directory.example/listings', "PUBLIC_URL: must be the site's origin alone"],
    ['https://directory.example/?utm=1', "PUBLIC_URL: must be the site's origin alone"],
    ['https://user:secret@directory.example', "PUBLIC_URL: must be the site's origin alone"],
  ])('refuses %s, saying why', (value, message) => {
    expect(refusal({ PUBLIC_URL: value })).toContain(message);
  });
});
