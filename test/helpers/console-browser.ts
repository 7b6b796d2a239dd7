// The web console in Debian's chromium (playwright-core) against an app listening on 127.0.0.1: DNS of every
// other host cut off (--host-resolver-rules), no background networking, every request of a page's context
// recorded, so a test can assert none went elsewhere. Shared by the browser tests of test/console/.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import assert from 'node:assert/strict';
import { skipUnless } from './debian-tools.js';
import { PASSWORD } from './principals.js';
import { call } from './test-app.js';

/** The describe option that skips a browser suite where chromium is missing (not under CI). */
export const CHROMIUM = skipUnless(['chromium'], 'chromium');
export const SCREENSHOTS = process.env.UPDATE_SCREENSHOTS === '1';
export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 800 };
/** Where the test browser runs unless a test says otherwise. */
export const BROWSER_ZONE = 'Europe/Berlin';
/** The browser's date now (YYYY-MM-DD in BROWSER_ZONE), which is not UTC's in the evening. */
export const browserDate = (now = new Date()) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: BROWSER_ZONE }).format(now);
export const screenshotPath = (name: string) =>
  fileURLToPath(new URL(`../../docs/screenshots/${name}.png`, import.meta.url));

export interface ConsoleBrowser {
  origin: string;
  context: BrowserContext;
  page: Page;
  /** Every URL the page asked for, in order. */
  requests: string[];
  /** The requests that went to another host than the app's (data: and blob: URLs are the page's own). */
  elsewhere(): string[];
  close(): Promise<void>;
}

type ContextOptions = NonNullable<Parameters<Browser['newContext']>[0]>;

/** Debian's chromium. */
export const chromiumPath = () => execFileSync('sh', ['-c', 'command -v chromium'], { encoding: 'utf8' }).trim();

/** Every chromium the tests and benchmarks start: no host but 127.0.0.1 resolves, no background networking. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];

/**
 * Debian's chromium-headless-shell (Chromium's old headless mode) where installed, else chromium: the same engine
 * at less CPU per page (measured on the seven files of one test process: chromium's processes 24 s of CPU, the
 * shell's 13 s). It has no notifications or push: a page that needs them asks for the full browser.
 */
const headlessShellPath = () =>
  execFileSync('sh', ['-c', 'command -v chromium-headless-shell || command -v chromium'], { encoding: 'utf8' }).trim();

type BrowserKind = 'shell' | 'full';
const launchOptions = (kind: BrowserKind) => ({
  executablePath: kind === 'full' ? chromiumPath() : headlessShellPath(),
  headless: true,
  args: CHROMIUM_ARGS,
});

// One chromium per test process, launched by the first file that opens a page and shared by the files after
// it (scripts/test-schedule.mjs groups the browser files into a few processes): launching it cost each file
// CPU and wall time. Each page gets a fresh context of its own (cookies, storage, service workers,
// permissions, recorded requests). In a process of several files the process's end closes the browser
// (`at-process-end`, scripts/test-schedule.mjs); a file run alone closes it with its last context.
const launched = new Map<BrowserKind, Promise<Browser>>();
let openContexts = 0;
/** Set by the entry of a process that runs several files: closers to run after its last file. */
const atProcessEnd = (globalThis as { [key: symbol]: Array<() => Promise<void>> | undefined })[
  Symbol.for('crewbase.test-run.at-process-end')
];

async function closeBrowser() {
  const browsers = [...launched.values()];
  launched.clear();
  for (const browser of browsers) await (await browser.catch(() => undefined))?.close();
}

function sharedBrowser(kind: BrowserKind): Promise<Browser> {
  let browser = launched.get(kind);
  if (!browser) {
    browser = import('playwright-core').then(({ chromium }) => chromium.launch(launchOptions(kind)));
    if (launched.size === 0) atProcessEnd?.push(closeBrowser);
    launched.set(kind, browser);
  }
  return browser;
}

/**
 * A context of the shared chromium, or with `persistentProfile` a chromium of its own on a profile on disk:
 * the shared one's contexts are off the record, where Chromium finds no page installable ('in-incognito').
 */
async function newContext(
  options: ContextOptions,
  persistentProfile: boolean,
  kind: BrowserKind,
): Promise<{ context: BrowserContext; close(): Promise<void> }> {
  if (persistentProfile) {
    const { chromium } = await import('playwright-core');
    const profile = mkdtempSync(join(tmpdir(), 'crewbase-chromium-'));
    const context = await chromium.launchPersistentContext(profile, { ...launchOptions('full'), ...options });
    return {
      context,
      async close() {
        await context.close();
        rmSync(profile, { recursive: true, force: true });
      },
    };
  }
  openContexts += 1;
  try {
    const context = await (await sharedBrowser(kind)).newContext(options);
    return {
      context,
      async close() {
        await context.close();
        openContexts -= 1;
        if (openContexts === 0 && !atProcessEnd) await closeBrowser();
      },
    };
  } catch (error) {
    openContexts -= 1;
    throw error;
  }
}

/**
 * Starts the app on 127.0.0.1 (unless it listens) and a page in a fresh context of headless chromium; `options` add
 * to the defaults. `fullChromium`: chromium itself rather than the headless shell (notifications, push).
 */
export async function openConsoleBrowser(
  app: FastifyInstance,
  {
    persistentProfile = false,
    fullChromium = false,
    ...options
  }: ContextOptions & { persistentProfile?: boolean; fullChromium?: boolean } = {},
): Promise<ConsoleBrowser> {
  // A second page of the same app finds it listening already.
  const origin = app.server.listening
    ? `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`
    : await app.listen({ host: '127.0.0.1', port: 0 });
  const { context, close } = await newContext(
    { viewport: DESKTOP, locale: 'en-GB', timezoneId: BROWSER_ZONE, ...options },
    persistentProfile,
    fullChromium ? 'full' : 'shell',
  );
  const requests: string[] = [];
  context.on('request', (request) => requests.push(request.url()));
  const page = context.pages()[0] ?? (await context.newPage());
  page.setDefaultTimeout(10_000);
  page.on('pageerror', (error) => console.log('PAGEERROR', error.message));
  let closed = false;
  return {
    origin,
    context,
    page,
    requests,
    elsewhere: () => requests.filter((url) => !/^(data|blob):/.test(url) && new URL(url).origin !== origin),
    async close() {
      if (closed) return;
      closed = true;
      await close();
    },
  };
}

/** Polls `condition` every 100 ms until it holds; throws after `timeoutMs`. */
export async function waitFor(condition: () => Promise<boolean>, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const DAY = 86_400_000;

/**
 * A fixed-offset zone where the local hour is `hour` now (Etc/GMT-N is UTC+N): a test whose jobs lie a few hours
 * ahead gives the browser this zone, so they stay on today whatever the hour the test runs at. Offsets run from
 * -11 to +12 h: where both -12 and +12 fit, +12, whose noon is still the same date in UTC and in Berlin (the crew
 * app sends a day picked as the phone's noon; at -12 that is the next day's midnight UTC).
 */
export function zoneWhereItIs(hour: number, now = new Date()): { timezoneId: string; offsetHours: number } {
  const offsetHours = ((((hour - now.getUTCHours()) % 24) + 35) % 24) - 11;
  return {
    timezoneId: offsetHours === 0 ? 'Etc/UTC' : `Etc/GMT${offsetHours > 0 ? '-' : '+'}${Math.abs(offsetHours)}`,
    offsetHours,
  };
}

/**
 * `hour` UTC on `day` (0 = Monday) of this week in Berlin, where the browser is: jobs at 08:00 UTC fall on the same
 * day in Berlin. The week is Berlin's, not UTC's: on Sunday after 23:00 UTC the board already shows the next one.
 */
export function thisWeekAt(day: number, hour: number, now = new Date()): string {
  const today = Date.parse(browserDate(now));
  const monday = today - ((new Date(today).getUTCDay() + 6) % 7) * DAY;
  return new Date(monday + day * DAY + hour * 3_600_000).toISOString();
}

/** Signs up a company whose administrator has a known user name (the browser signs in with it); their headers. */
export async function signUpNamed(
  app: FastifyInstance,
  companyName: string,
  username: string,
): Promise<Record<string, string>> {
  const res = await call(app, 'POST', '/v2/company/signup', {}, { companyName, username, password: PASSWORD });
  assert.equal(res.status, 201, JSON.stringify(res.body));
  return { authorization: `Bearer ${res.body.accessToken}` };
}
