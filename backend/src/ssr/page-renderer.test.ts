import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildBusiness } from '@directory/data/testing/build-business.ts';
import { startTestApp, type TestApp } from '../testing/test-app.ts';
import { renderedReadsElement } from './page-renderer.ts';

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp([buildBusiness({ name: 'Le Bouchon Lyonnais', rating: 4.7, reviews: 321 })], { withPages: true });
  const setSetting = app.deps.record.prepare('UPDATE site_settings SET value = ? WHERE key = ?');
  setSetting.run('<meta name="verification" content="abc123">', 'head_tags');
  setSetting.run('<noscript>pixel</noscript>', 'facebook_pixel');
  setSetting.run('<div id="operator-footer">footer snippet</div>', 'footer_tags');
  setSetting.run('<script>window.analyticsLoaded = true</script>', 'analytics_code');
});

afterAll(() => app.close());

describe('server-rendered pages', () => {
  it('answers the home page as complete HTML before any script runs', async () => {
    const response = await app.get('/');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/html');
    const html = await response.text();
    expect(html).toContain('<title>Business Directory - Find Local Businesses Worldwide</title>');
    expect(html).toMatch(/<link rel="canonical" href="http:\/\/127\.0\.0\.1:\d+\/"/);
    expect(html).toContain('Le Bouchon Lyonnais');
    expect(html).toContain('window.__staticRouterHydrationData');
  });

  it('injects the operator snippets at their places', async () => {
    const response = await app.get('/');
    const nonce = /'nonce-([^']+)'/.exec(response.headers.get('content-security-policy') ?? '')?.[1];
    const html = await response.text();
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain('<meta name="verification" content="abc123">');
    // With this response's nonce, so the page's Content-Security-Policy lets it run.
    expect(head).toContain(`<script nonce="${nonce}">window.analyticsLoaded = true</script>`);
    const body = html.slice(html.indexOf('<body>'));
    expect(body.indexOf('<noscript>pixel</noscript>')).toBeLessThan(body.indexOf('<div id="root">'));
    expect(body.indexOf('<div id="operator-footer">footer snippet</div>')).toBeGreaterThan(body.indexOf('<div id="root">'));
  });

  it('answers 404 with the not-found page for an unknown path', async () => {
    const response = await app.get('/no/such/page');
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(html).toContain('Page Not Found');
    expect(html).toContain('<meta name="robots" content="noindex"');
    // An error page has no address of its own to point at (it used to name /404, which answers 404 too).
    expect(html).not.toContain('rel="canonical"');
    expect(html).not.toContain('og:url');
  });

  it('leaves /api paths to the API', async () => {
    const response = await app.get('/api/unknown');
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toContain('application/json');
  });
});

describe('the rendered reads element', () => {
  it('cannot be closed or commented out by text inside the data', () => {
    const hostile = '</script><script>alert(1)</script><!-- <SCRIPT>';
    const element = renderedReadsElement([['/api/businesses/x', { name: hostile }]], 1);
    expect(element.match(/<\/script>/gi)).toHaveLength(1);
    expect(element).not.toContain('<!--');
    const json = /^<script type="application\/json" id="api-reads" nonce="[^"]+">(.*)<\/script>$/s.exec(element)![1]!;
    expect(JSON.parse(json)).toEqual({ readAt: 1, reads: [['/api/businesses/x', { name: hostile }]] });
  });

  it('is left out of a page that read nothing and of admin pages', async () => {
    expect(renderedReadsElement([], 1)).toBe('');
    expect(await (await app.get('/admin/login')).text()).not.toContain('id="api-reads"');
  });
});
