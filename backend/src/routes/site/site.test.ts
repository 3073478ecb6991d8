import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../testing/test-app.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
  app.deps.record.prepare("UPDATE site_settings SET value = '<meta name=\"x\" content=\"y\">' WHERE key = 'head_tags'").run();
  app.deps.record.prepare("UPDATE site_settings SET value = 'secret-analytics' WHERE key = 'analytics_code'").run();
  app.deps.record.prepare("UPDATE ad_codes SET code = '<div>ad one</div>' WHERE slot = 'ad1'").run();
});
afterAll(() => app.close());

describe('public reads of site settings and ad codes', () => {
  it('answers the three public snippets only', async () => {
    const response = await app.get('/api/admin/site-settings');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ head_tags: '<meta name="x" content="y">', facebook_pixel: '', footer_tags: '' });
  });

  it('answers the four ad codes', async () => {
    expect(await (await app.get('/api/admin/advertisement-codes')).json()).toEqual({ ad1: '<div>ad one</div>', ad2: '', ad3: '', ad4: '' });
  });
});
