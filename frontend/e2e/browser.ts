import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { PROJECT_ROOT } from '@directory/indexer/config.ts';

/** Debian's Chromium: Playwright cannot download its own browser on these machines. */
export const CHROMIUM_PATH = '/usr/bin/chromium';

export const SCREENSHOT_DIR = join(PROJECT_ROOT, 'test-results', 'screenshots');

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-dev-shm-usage'],
  });
}

/** Saves a full-page screenshot of what a visitor sees, for people to look at after the run. */
export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });
}

/** Saves what the screen shows (a modal covers the viewport, not the whole page), for people to look at after the run. */
export async function viewportScreenshot(page: Page, name: string): Promise<void> {
  mkdirSync(dirname(join(SCREENSHOT_DIR, name)), { recursive: true });
  await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}.png`) });
}

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

const axeSource = createRequire(import.meta.url)('axe-core').source as string;

/** Runs axe-core in the page; returns the serious and critical violations. */
export async function seriousAccessibilityViolations(page: Page): Promise<AxeViolation[]> {
  // Evaluated through the DevTools protocol: a <script> tag added to the page has no nonce, and the page's policy would block it.
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document) => Promise<{ violations: AxeViolation[] }> } }).axe;
    return (await axe.run(document)).violations;
  });
  return violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
}

/**
 * Waits until React has adopted every control of the server-rendered page (it keeps its props on
 * each element it hydrated). Before that, a click on a control that only works with JavaScript
 * does nothing: the browser loads the page's route code first, then hydrates.
 */
export async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const controls = [...document.querySelectorAll('#root button, #root input, #root textarea, #root select')];
    return controls.length > 0 && controls.every((control) => Object.keys(control).some((key) => key.startsWith('__reactProps')));
  });
}
