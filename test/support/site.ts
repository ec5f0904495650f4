import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import {
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  chromium,
  type Locator,
  type Page,
  type Response,
} from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { launchOptions } from '../../scripts/launch/chromium';
import { openSqlite } from '../../server/composition/repository';
import type { Contact } from '../../shared/contact';
import type { Quote } from '../../shared/quote';
import { type RunningServer, startServer } from './server-process';

export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 375, height: 812 };

/** The ids of the landing page's sections, in the order docs/requirements.md §2.2 gives them. */
export const SECTION_IDS = [
  ...['home', 'achievements', 'about', 'services', 'fleet', 'technology'],
  ...['areas', 'certifications', 'careers', 'contact'],
];

/** Where screenshots go for a person to review; git-ignored (.artifacts/). */
const SCREENSHOT_DIR = path.resolve('.artifacts/screenshots');

// Chromium reports most CSP violations on its own, but only as console text: the event is the sure signal.
const REPORT_CSP_VIOLATIONS = `document.addEventListener('securitypolicyviolation', (event) =>
  console.error('Content Security Policy violation: ' + event.violatedDirective + ' blocked ' + event.blockedURI));`;

/**
 * Everything that went wrong on a page, as readable lines: console errors and warnings, page
 * errors, failed requests.
 */
function watchProblems(page: Page) {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning')
      problems.push(`console.${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  page.on('requestfailed', (request) =>
    problems.push(`requestfailed: ${request.method()} ${request.url()} ${request.failure()?.errorText}`),
  );
  page.on('response', (response) => {
    if (response.status() >= 400)
      problems.push(`http ${response.status()}: ${response.request().method()} ${response.url()}`);
  });
  return problems;
}

/** The problems not matched by any of the expected patterns. */
export const unexpected = (problems: string[], ...expected: RegExp[]) =>
  problems.filter((problem) => !expected.some((pattern) => pattern.test(problem)));

/**
 * Clicks a link or a submit button and, once the page it leads to (at another address) has
 * loaded, resolves with that page's response, past any redirect: what the deprecated
 * page.waitForNavigation() gave, followed the same way Playwright follows it.
 */
export async function clickThrough(page: Page, target: Locator) {
  const from = page.url();
  let [request] = await Promise.all([
    page.waitForRequest((sent) => sent.isNavigationRequest() && sent.frame() === page.mainFrame()),
    target.click().then(() => page.waitForURL((url) => url.href !== from)),
  ]);
  for (let next = request.redirectedTo(); next; next = next.redirectedTo()) request = next;
  return request.response();
}

/** How long an island may take to wake (its download and hydration) on a machine busy with the whole suite. */
export const WAKE_WITHIN_MS = 10_000;

/**
 * Wakes every island the way a visitor does (the pointer over it, which also scrolls it into
 * view) and resolves once each one is live: marked data-hydrated, which client/hydrate.tsx does
 * after React's commit, event handlers included. Before that a click on the form would post it
 * the JavaScript-free way. Then puts the scroll back where it was.
 */
export async function hydrateIslands(page: Page) {
  const scrollY = await page.evaluate(() => window.scrollY);
  for (const island of await page.locator('[data-island]').all()) await island.locator(':scope > *').first().hover();
  await page.waitForFunction(
    () =>
      [...document.querySelectorAll<HTMLElement>('[data-island]')].every(
        (island) => island.dataset.hydrated === 'true',
      ),
    undefined,
    { timeout: WAKE_WITHIN_MS },
  );
  await page.evaluate((top) => window.scrollTo({ top, behavior: 'instant' }), scrollY);
}

type OpenedPage = { page: Page; response: Response | null; problems: string[] };

/** One Chromium per test file; a fresh browser context per test, closed when the test ends. */
export function browserForThisFile() {
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    browser = await chromium.launch(launchOptions());
  }, 30_000);
  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((context) => context.close()));
  });
  afterAll(async () => {
    await browser?.close();
  });

  return {
    /**
     * A new context (viewport, JavaScript, CSP…) with a page on `url`, watched for problems;
     * `prepare` sets the page up (say, an emulated browser setting) before it navigates.
     */
    async open(url: string, options: BrowserContextOptions = {}, prepare?: (page: Page) => Promise<void>) {
      if (!browser) throw new Error('o navegador ainda não foi iniciado');
      const context = await browser.newContext({ viewport: DESKTOP, locale: 'pt-BR', ...options });
      contexts.push(context);
      await context.addInitScript(REPORT_CSP_VIOLATIONS);
      const page = await context.newPage();
      const problems = watchProblems(page);
      await prepare?.(page);
      const response = await page.goto(url);
      return { page, response, problems } satisfies OpenedPage;
    },
  };
}

/** One built server and one Chromium per test file; a fresh browser context per test. */
export function siteForThisFile(env: Record<string, string> = {}) {
  let server: RunningServer | undefined;
  const browser = browserForThisFile();

  beforeAll(async () => {
    server = await startServer(env);
  }, 30_000);
  afterAll(async () => {
    await server?.stop();
  });

  const running = () => {
    if (!server) throw new Error('o servidor ainda não foi iniciado');
    return server;
  };

  return {
    get url() {
      return running().url;
    },
    get dataDir() {
      return running().dataDir;
    },
    /** A page on `pathname` of the file's server, as browserForThisFile's open. */
    open: (pathname: string, options?: BrowserContextOptions, prepare?: (page: Page) => Promise<void>) =>
      browser.open(new URL(pathname, running().url).href, options, prepare),
  };
}

/**
 * Every stored contact request, read straight from the server's SQLite file. All pages, not
 * the first: a check that something was NOT stored must see every row.
 */
export async function storedContacts(dataDir: string) {
  const repository = openSqlite(dataDir);
  try {
    const contacts: Contact[] = [];
    for (let page = 1; ; page++) {
      const { items, total } = await repository.contacts.listContacts(page, 100);
      contacts.push(...items);
      if (items.length === 0 || contacts.length >= total) return contacts;
    }
  } finally {
    await repository.close();
  }
}

/** Every stored quote, read straight from the server's SQLite file, as storedContacts reads contacts. */
export async function storedQuotes(dataDir: string) {
  const repository = openSqlite(dataDir);
  try {
    const quotes: Quote[] = [];
    for (let page = 1; ; page++) {
      const { items, total } = await repository.quotes.listQuotes(page, 100);
      quotes.push(...items);
      if (items.length === 0 || quotes.length >= total) return quotes;
    }
  } finally {
    await repository.close();
  }
}

/** A picture of a whole page, or of one element of it (a section), for a person to look at. */
export async function screenshot(target: Page | Locator, name: string) {
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${name}.png`);
  await ('goto' in target ? target.screenshot({ path: file, fullPage: true }) : target.screenshot({ path: file }));
}

/** Scrolls to the bottom and back, so lazy images load (and can fail) before anything is judged. */
export async function scrollThrough(page: Page) {
  await page.evaluate(async () => {
    for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight) {
      window.scrollTo({ top: y, behavior: 'instant' });
      await new Promise((resolve) => requestAnimationFrame(resolve));
    }
    window.scrollTo({ top: 0, behavior: 'instant' });
  });
  await page.waitForFunction(() => [...document.images].every((image) => image.complete));
}
