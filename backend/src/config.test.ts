import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadBackendConfig } from './config.ts';

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

describe('TRUST_PROXY', () => {
  it('is off by default, one proxy for true, or how many stand in front', () => {
    expect(loadBackendConfig({})).toMatchObject({ isProxyTrusted: false, trustedProxies: 0 });
    expect(loadBackendConfig({ TRUST_PROXY: 'false' })).toMatchObject({ isProxyTrusted: false, trustedProxies: 0 });
    expect(loadBackendConfig({ TRUST_PROXY: 'true' })).toMatchObject({ isProxyTrusted: true, trustedProxies: 1 });
    expect(loadBackendConfig({ TRUST_PROXY: '2' })).toMatchObject({ isProxyTrusted: true, trustedProxies: 2 });
  });

  it.each(['yes', '0', '10', '1.5'])('refuses %s, saying what it takes', (value) => {
    expect(refusal({ TRUST_PROXY: value })).toContain('TRUST_PROXY: must be false, true (one proxy) or how many proxies stand in front, 1 to 9');
  });
});

describe('PUBLIC_URL', () => {
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
