/**
 * The Content-Security-Policy in Chromium: the operator's snippets and ad codes run (inline,
 * external, and the scripts those add), our own scripts hydrate the page, and a script that
 * reaches the page without the response's nonce does not run.
 */
import { createServer, request as forward, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildBusiness } from '@directory/data/testing/build-business.ts';
import { startTestApp, type TestApp } from '@directory/backend/testing/test-app.ts';
import { launchBrowser } from './browser.ts';
import { slugOfName } from '@directory/data/testing/insert-business.ts';

let app: TestApp & { url: string };
let browser: Browser;
/** A third-party host of the operator's tag (127.0.0.1, another port: another origin). */
let tagHost: Server;
let tagUrl: string;
/** Stands between the browser and the site and adds an inline script to every page: an HTML injection. */
let injector: Server;
let injectorUrl: string;

const INJECTED = '<script>window.injectedRan = true</script>';

function listen(server: Server): Promise<string> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)));
}

function close(server: Server | undefined): Promise<void> {
  return new Promise((resolve) => (server ? server.close(() => resolve()) : resolve()));
}

beforeAll(async () => {
  app = await startTestApp([buildBusiness({ name: 'Nonce Bakery', category: 'Bakery' })], { withBuiltSite: true });
  browser = await launchBrowser();

  tagHost = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/javascript' });
    // A tag that loads more code, as analytics and ad tags do: allowed by 'strict-dynamic'.
    response.end(`window.externalRan = true;
      const more = document.createElement('script');
      more.textContent = 'window.addedByTagRan = true';
      document.head.appendChild(more);`);
  });
  tagUrl = `${await listen(tagHost)}/tag.js`;

  const site = new URL(app.url);
  injector = createServer((request, response) => {
    const upstream = forward(
      { host: site.hostname, port: site.port, path: request.url, method: request.method, headers: { ...request.headers, 'accept-encoding': 'identity' } },
      (answer) => {
        const isHtml = (answer.headers['content-type'] ?? '').startsWith('text/html');
        if (!isHtml) {
          response.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(response);
          return;
        }
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () => {
          const html = Buffer.concat(chunks).toString('utf8').replace('</body>', `${INJECTED}</body>`);
          const headers = { ...answer.headers };
          delete headers['content-length'];
          delete headers.etag;
          response.writeHead(answer.statusCode ?? 502, headers);
          response.end(html);
        });
      },
    );
    request.pipe(upstream);
  });
  injectorUrl = await listen(injector);

  app.deps.site.saveSiteSettings({
    ...app.deps.site.siteSettings(),
    head_tags: `<script>window.inlineRan = true</script><script src="${tagUrl}"></script>`,
    facebook_pixel: '<SCRIPT>window.pixelRan = true</SCRIPT>',
    // An inline handler in a snippet: the policy allows no handler attributes.
    footer_tags: '<img src="/no-such-image.png" alt="" onerror="window.handlerRan = true">',
    analytics_code: '',
  });
  app.deps.site.saveAdvertisementCodes({ ad1: '<div class="ad"><script>window.adRan = true</script></div>', ad2: '', ad3: '', ad4: '' });
});

afterAll(async () => {
  await browser?.close();
  await close(injector);
  await close(tagHost);
  await app?.close();
});

interface Violation {
  directive: string;
  blocked: string;
}

/** A page that records the policy violations it reports, opened at `url`. */
async function openRecording(url: string): Promise<Page> {
  const page = await browser.newPage();
  // Added through the DevTools protocol, before any page script: not subject to the page's policy.
  await page.addInitScript(() => {
    const violations: Violation[] = [];
    (window as unknown as { violations: Violation[] }).violations = violations;
    document.addEventListener('securitypolicyviolation', (event) =>
      violations.push({ directive: event.effectiveDirective, blocked: event.blockedURI }),
    );
  });
  await page.goto(url, { waitUntil: 'load' });
  return page;
}

const flags = (page: Page) =>
  page.evaluate(() => {
    const w = window as unknown as Record<string, unknown>;
    return Object.fromEntries(['inlineRan', 'externalRan', 'addedByTagRan', 'pixelRan', 'adRan', 'handlerRan', 'injectedRan'].map((name) => [name, w[name] === true]));
  });

/** Whether React hydrated the server HTML (it keeps its fiber on the DOM nodes it adopted). */
const isHydrated = (page: Page) =>
  page.waitForFunction(() => {
    const first = document.querySelector('#root > *');
    return first !== null && Object.keys(first).some((key) => key.startsWith('__reactFiber'));
  });

const violationsOf = (page: Page) => page.evaluate(() => (window as unknown as { violations: Violation[] }).violations);

describe('the Content-Security-Policy in Chromium', () => {
  it("runs the snippets' inline and external scripts (and what they add) and the ad code, hydrates the page, and blocks an injected script and an inline handler", async () => {
    const slug = slugOfName(app.deps.record, 'Nonce Bakery');
    const page = await openRecording(`${injectorUrl}/business/${slug}`);
    await page.waitForFunction(() => (window as unknown as { addedByTagRan?: boolean }).addedByTagRan === true);
    await isHydrated(page);
    // The injection reached the page: the script is there, and did not run.
    expect(await page.evaluate(() => [...document.scripts].filter((script) => script.text === 'window.injectedRan = true').length)).toBe(1);
    expect(await flags(page)).toEqual({
      inlineRan: true,
      externalRan: true,
      addedByTagRan: true,
      pixelRan: true,
      adRan: true,
      handlerRan: false,
      injectedRan: false,
    });
    const violations = await violationsOf(page);
    expect(violations.map((violation) => violation.directive).sort()).toEqual(['script-src-attr', 'script-src-elem']);
    expect(violations.map((violation) => violation.blocked)).toEqual(['inline', 'inline']);
    await page.close();
  });

  it('runs the admin pages with no policy violation, hydrated', async () => {
    const page = await openRecording(`${app.url}/admin/login`);
    await isHydrated(page);
    await page.getByRole('button').first().waitFor();
    expect(await violationsOf(page)).toEqual([]);
    expect(await flags(page)).toMatchObject({ inlineRan: false, pixelRan: false });
    await page.close();
  });
});
