// The web console in Debian's chromium (playwright-core) against an app listening on 127.0.0.1: DNS of every
// other host cut off (--host-resolver-rules), no background networking, every request the page makes
// recorded, so a test can assert none went elsewhere. Shared by the browser tests of test/console/.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { BrowserContext, Page } from 'playwright-core';
import assert from 'node:assert/strict';
import { skipUnless } from './debian-tools.js';
import { PASSWORD } from './principals.js';
import { call } from './test-app.js';

/** The describe option that skips a browser suite where chromium is missing (not under CI). */
export const CHROMIUM = skipUnless(['chromium'], 'chromium');
export const SCREENSHOTS = process.env.UPDATE_SCREENSHOTS === '1';
export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 800 };
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

type LaunchOptions = Parameters<typeof import('playwright-core').chromium.launchPersistentContext>[1];

/** Starts the app on 127.0.0.1 and a headless chromium with a fresh profile; `options` add to the defaults. */
export async function openConsoleBrowser(app: FastifyInstance, options: LaunchOptions = {}): Promise<ConsoleBrowser> {
  const { chromium } = await import('playwright-core');
  const origin = await app.listen({ host: '127.0.0.1', port: 0 });
  const profile = mkdtempSync(join(tmpdir(), 'crewbase-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: execFileSync('sh', ['-c', 'command -v chromium'], { encoding: 'utf8' }).trim(),
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
    ],
    viewport: DESKTOP,
    locale: 'en-GB',
    timezoneId: 'Europe/Berlin',
    ...options,
  });
  const requests: string[] = [];
  context.on('request', (request) => requests.push(request.url()));
  const page = context.pages()[0] ?? (await context.newPage());
  page.setDefaultTimeout(10_000);
  page.on('pageerror', (error) => console.log('PAGEERROR', error.message));
  return {
    origin,
    context,
    page,
    requests,
    elsewhere: () => requests.filter((url) => !/^(data|blob):/.test(url) && new URL(url).origin !== origin),
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
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

/** `hour` UTC on `day` (0 = Monday) of this week: jobs at 08:00 UTC fall on the same day in Berlin. */
export function thisWeekAt(day: number, hour: number, now = new Date()): string {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const monday = today - ((now.getUTCDay() + 6) % 7) * DAY;
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
