import { describe, expect, it } from 'vitest';
import { errorOf, signedInApp } from '../../testing/admin-client.ts';

describe('admin site settings and ad codes', () => {
  const running = signedInApp();

  it('site settings and ad codes are saved; an ad over 50 KB answers 413 naming the area', async () => {
    const settings = { head_tags: '<meta name="marker">', footer_tags: '', analytics_code: '', facebook_pixel: '' };
    expect(await (await running.admin.request('POST', '/api/admin/site-settings', { body: settings })).json()).toEqual({ success: true });
    expect(running.app.deps.site.siteSettings().head_tags).toBe('<meta name="marker">');
    const incomplete = await running.admin.request('POST', '/api/admin/site-settings', { body: { head_tags: '' } });
    expect(incomplete.status).toBe(400);
    expect((await errorOf(incomplete)).message).toContain('footer_tags');

    const full = 'x'.repeat(51_200);
    const codes = { ad1: '<div>ad one</div>', ad2: full, ad3: full, ad4: full };
    // Three full areas (over 150 KB of JSON) pass the body parser for a signed-in operator.
    expect((await running.admin.request('POST', '/api/admin/advertisement-codes', { body: codes })).status).toBe(200);
    expect(running.app.deps.site.advertisementCodes().ad1).toBe('<div>ad one</div>');
    expect(running.app.deps.site.advertisementCodes().ad4).toHaveLength(51_200);
    const tooBig = await running.admin.request('POST', '/api/admin/advertisement-codes', { body: { ...codes, ad2: 'é'.repeat(30_500) } });
    expect(tooBig.status).toBe(413);
    expect(await tooBig.json()).toEqual({
      error: {
        id: 'ad_code_too_large',
        message: 'ad2: at most 50 KB (51,200 bytes); this one is 61,000 bytes',
        params: { area: 'ad2', bytes: 61_000, maxBytes: 51_200 },
      },
    });
    expect(running.app.deps.site.advertisementCodes().ad2).toHaveLength(51_200);
  });
});
