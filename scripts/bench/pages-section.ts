/**
 * The pages section of `npm run bench` (`--pages`), against the server started as `npm start`
 * starts it on the data set:
 * - the gzipped JavaScript and CSS each public page type downloads: the page opened in
 *   Chromium, every script and stylesheet response it received (the entry, the route's chunks
 *   loaded before hydration, anything loaded after), each counted at the size of its gzip copy
 *   in the build; the business page before and after its map is scrolled into view. Budget
 *   (../shared/design.md): 150 KB of JavaScript on every page type, the map included;
 * - Lighthouse 12 (mobile defaults) on Debian's Chromium for the home, a business page and
 *   /search: the four category scores and LCP, TBT, CLS (targets ≥ 95, SEO 100).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import Database from 'better-sqlite3';
import { PROJECT_ROOT } from '@directory/indexer/config.ts';
import { log, prepareDataSet, startCheckedServer } from './common.ts';
import type { BenchConfig } from './config.ts';
import { wordsOf } from './workload.ts';

const CHROMIUM = '/usr/bin/chromium';
const CHROMIUM_FLAGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'];
const ASSETS_DIR = join(PROJECT_ROOT, 'frontend', 'dist', 'client');

export interface PageWeight {
  page: string;
  path: string;
  jsKb: number;
  cssKb: number;
  files: number;
  /** Whether the JavaScript is within the design's budget. */
  withinBudget: boolean;
}

/** Gzipped JavaScript a page may download (../shared/design.md). */
export const JS_BUDGET_KB = 150;

export interface LighthouseScores {
  page: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** Audits of the accessibility, best-practices and SEO categories that did not pass, by id: what a score below 100 is made of. */
  notPassed: string[];
}

export interface PagesSectionResult {
  weights: PageWeight[];
  lighthouse: LighthouseScores[];
}

/** The pages measured: a business with a map and a search a visitor would type, from the record. */
function pagesOf(recordFile: string): Array<{ name: string; path: string }> {
  const db = new Database(recordFile, { readonly: true, fileMustExist: true });
  try {
    const business = db
      .prepare('SELECT slug, category, city FROM businesses WHERE latitude IS NOT NULL AND longitude IS NOT NULL AND category IS NOT NULL AND city IS NOT NULL AND id >= ? ORDER BY id LIMIT 1')
      .get(Math.floor((db.prepare('SELECT max(id) FROM businesses').pluck().get() as number) / 2)) as { slug: string; category: string; city: string };
    const q = wordsOf(business.category)[0] ?? business.category;
    return [
      { name: 'home', path: '/' },
      { name: 'business', path: `/business/${encodeURIComponent(business.slug)}` },
      { name: 'search', path: `/search?${new URLSearchParams({ q, location: business.city }).toString()}` },
    ];
  } finally {
    db.close();
  }
}

/**
 * One page of each public type (and the admin login), found by following the site's own links
 * from the pages in `lighthouse`: a category, a country, a city, the letter lists, a business, a
 * search, the contact page.
 */
async function pageTypesOf(url: string, pages: Array<{ name: string; path: string }>): Promise<Array<{ name: string; path: string }>> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
  try {
    const tab = await browser.newPage();
    const firstLink = async (from: string, pattern: RegExp): Promise<string | null> => {
      await tab.goto(`${url}${from}`);
      const hrefs = await tab.locator('main a[href^="/"]').evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
      return hrefs.find((href) => pattern.test(href)) ?? null;
    };
    const found: Array<{ name: string; path: string | null }> = [
      { name: 'home', path: '/' },
      { name: 'category', path: await firstLink('/categories', /^\/categories\/[^/?]+$/) },
      { name: 'country', path: await firstLink('/countries', /^\/countries\/[^/?]+$/) },
      { name: 'city', path: await firstLink('/cities', /^\/cities\/[a-z]{2}\/[^/?]+$/i) },
      { name: 'categories by letter', path: '/categories?letter=B' },
      { name: 'cities by letter', path: '/cities/B' },
      { name: 'business', path: pages.find((page) => page.name === 'business')?.path ?? null },
      { name: 'search', path: pages.find((page) => page.name === 'search')?.path ?? null },
      { name: 'contact', path: '/contact' },
      { name: 'admin login', path: '/admin/login' },
    ];
    return found.filter((page): page is { name: string; path: string } => page.path !== null);
  } finally {
    await browser.close();
  }
}

/** Gzipped kilobytes of a built asset (its .gz copy; the file itself compressed below the plugin's 1 KB threshold). */
function gzipKb(assetPath: string): number {
  const file = join(ASSETS_DIR, assetPath);
  const gz = `${file}.gz`;
  const bytes = existsSync(gz) ? statSync(gz).size : existsSync(file) ? statSync(file).size : 0;
  return bytes / 1024;
}

const round1 = (value: number) => Math.round(value * 10) / 10;

/** Scripts and stylesheets each page loads, at their gzip size. */
async function pageWeights(url: string, pages: Array<{ name: string; path: string }>): Promise<PageWeight[]> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
  const weights: PageWeight[] = [];
  try {
    for (const page of pages) {
      const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
      const tab = await context.newPage();
      const assets = new Map<string, 'script' | 'stylesheet'>();
      tab.on('response', (response) => {
        const type = response.request().resourceType();
        const path = new URL(response.url()).pathname;
        if ((type === 'script' || type === 'stylesheet') && path.startsWith('/assets/')) assets.set(path, type);
      });
      const weigh = (name: string): PageWeight => {
        let jsKb = 0;
        let cssKb = 0;
        for (const [path, type] of assets) {
          if (type === 'script') jsKb += gzipKb(path);
          else cssKb += gzipKb(path);
        }
        return { page: name, path: page.path, jsKb: round1(jsKb), cssKb: round1(cssKb), files: assets.size, withinBudget: jsKb <= JS_BUDGET_KB };
      };
      await tab.goto(`${url}${page.path}`, { waitUntil: 'networkidle' });
      weights.push(weigh(page.name));
      if (page.name === 'business') {
        // The map loads when its section comes into view.
        await tab.locator('.business-map').scrollIntoViewIfNeeded();
        await tab.locator('.business-map-popup').waitFor({ timeout: 30_000 });
        await tab.waitForLoadState('networkidle');
        weights.push(weigh('business, map shown'));
      }
      if (page.name === 'search' && (await tab.getByRole('button', { name: 'Show map' }).count()) > 0) {
        // The results map loads when the visitor asks for it.
        await tab.getByRole('button', { name: 'Show map' }).click();
        await tab.locator('.leaflet-container').waitFor({ timeout: 30_000 });
        await tab.waitForLoadState('networkidle');
        weights.push(weigh('search, map shown'));
      }
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return weights;
}

/** A free loopback port for Chromium's remote debugging. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** Debian's Chromium, headless, listening for Lighthouse on `port`. */
async function launchChromium(port: number, profileDir: string): Promise<ChildProcess> {
  const child = spawn(CHROMIUM, ['--headless=new', `--remote-debugging-port=${port}`, `--user-data-dir=${profileDir}`, ...CHROMIUM_FLAGS, 'about:blank'], { stdio: 'ignore' });
  for (let attempt = 0; attempt < 100; attempt += 1) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/json/version`)).ok) return child;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill();
  throw new Error('Chromium did not open its debugging port');
}

/**
 * Removes Chromium's profile directory. Its helper processes outlive the browser process by a
 * moment and may still write there; on a busy machine longer than the retries wait, and the
 * scores measured are worth more than a temporary directory left behind: it is named, not thrown.
 */
function removeProfile(profileDir: string): void {
  try {
    rmSync(profileDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOTEMPTY') throw error;
    log(`  (Chromium's profile ${profileDir} was still being written: left in place)`);
  }
}

async function lighthouseScores(url: string, pages: Array<{ name: string; path: string }>): Promise<LighthouseScores[]> {
  const port = await freePort();
  const profileDir = mkdtempSync(join(tmpdir(), 'bench-lighthouse-'));
  const chrome = await launchChromium(port, profileDir);
  const scores: LighthouseScores[] = [];
  try {
    for (const page of pages) {
      const result = await lighthouse(`${url}${page.path}`, {
        port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
      });
      if (!result) throw new Error(`Lighthouse returned nothing for ${page.path}`);
      const { categories, audits } = result.lhr;
      const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
      const notPassed = ['accessibility', 'best-practices', 'seo'].flatMap((id) =>
        (categories[id]?.auditRefs ?? []).filter((ref) => ref.weight > 0 && (audits[ref.id]?.score ?? 1) < 1).map((ref) => `${id}: ${ref.id}`),
      );
      const metric = (id: string) => audits[id]?.numericValue ?? Number.NaN;
      scores.push({
        page: page.name,
        performance: score('performance'),
        accessibility: score('accessibility'),
        bestPractices: score('best-practices'),
        seo: score('seo'),
        lcpMs: Math.round(metric('largest-contentful-paint')),
        tbtMs: Math.round(metric('total-blocking-time')),
        cls: Math.round(metric('cumulative-layout-shift') * 1000) / 1000,
        notPassed,
      });
    }
  } finally {
    // Chromium writes its profile until it has exited: remove the directory after that.
    if (chrome.exitCode === null && chrome.signalCode === null) {
      const exited = new Promise((resolve) => chrome.once('exit', resolve));
      chrome.kill();
      await exited;
    }
    removeProfile(profileDir);
  }
  return scores;
}

export async function runPagesSection(config: BenchConfig): Promise<PagesSectionResult> {
  const dataDir = await prepareDataSet(config);
  const server = await startCheckedServer(dataDir, config.size, () => undefined);
  try {
    const pages = pagesOf(join(dataDir, 'directory.sqlite'));
    const weights = await pageWeights(server.url, await pageTypesOf(server.url, pages));
    log(`\n| page | path | JS (gzip, every chunk downloaded) | ≤ ${JS_BUDGET_KB} KB | CSS (gzip) | files |\n|---|---|---|---|---|---|`);
    for (const w of weights) log(`| ${w.page} | ${w.path} | ${w.jsKb} KB | ${w.withinBudget ? 'yes' : 'NO'} | ${w.cssKb} KB | ${w.files} |`);
    const scores = await lighthouseScores(server.url, pages);
    log('\n| page | performance | accessibility | best practices | SEO | LCP | TBT | CLS |\n|---|---|---|---|---|---|---|---|');
    for (const s of scores) {
      log(`| ${s.page} | ${s.performance} | ${s.accessibility} | ${s.bestPractices} | ${s.seo} | ${(s.lcpMs / 1000).toFixed(1)} s | ${s.tbtMs} ms | ${s.cls} |`);
    }
    for (const s of scores) if (s.notPassed.length > 0) log(`${s.page}: audits not passed: ${s.notPassed.join(', ')}`);
    return { weights, lighthouse: scores };
  } finally {
    await server.stop();
  }
}
