// Lighthouse (npm `lighthouse`, its Node API) on every signed-in console page of a busy office
// (test/helpers/busy-office.ts), in Debian's chromium: accessibility, performance, best practices and the layout
// shift (CLS) per page, desktop preset, and the mobile preset for the crew's page. Nothing is downloaded: the
// browser is /usr/bin/chromium (CHROME_PATH), DNS of every host but 127.0.0.1 is cut off.
// Signing in: the browser signs in once through the form (playwright-core over the same DevTools port); the
// session's refresh cookie stays in the profile, and each page Lighthouse loads resumes the session from it
// (storage reset off, so the cookie is kept). The app runs in this process on PGlite, the console freshly built.
// Not part of npm test (a run takes minutes): npm run bench:lighthouse. LIGHTHOUSE_PAGES=board,crew picks pages.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import lighthouse, { desktopConfig } from 'lighthouse';
import { BUSY_OFFICE, seedBusyOffice } from '../test/helpers/busy-office.js';
import { CHROMIUM_ARGS, chromiumPath } from '../test/helpers/console-browser.js';
import { buildConsoleForTest } from '../test/helpers/console-build.js';
import { createTestApp } from '../test/helpers/test-app.js';
import { onCleanup, runBenchmark } from './lib/lifecycle.js';

const CHROME_FLAGS = ['--headless=new', ...CHROMIUM_ARGS];

/** The office's pages (desktop) and who opens them; the crew's page is also measured on a phone. */
const PAGES = [
  { path: '/app/board', user: 'admin', preset: 'desktop' },
  { path: '/app/approvals', user: 'admin', preset: 'desktop' },
  { path: '/app/customers', user: 'admin', preset: 'desktop' },
  { path: '/app/people', user: 'admin', preset: 'desktop' },
  { path: '/app/assignments', user: 'admin', preset: 'desktop' },
  { path: '/app/invoices', user: 'admin', preset: 'desktop' },
  { path: '/app/crew', user: 'crew', preset: 'desktop' },
  { path: '/app/crew', user: 'crew', preset: 'mobile' },
] as const;

const chromePath = () => process.env.CHROME_PATH || chromiumPath();

runBenchmark(async () => {
  const only = process.env.LIGHTHOUSE_PAGES?.split(',');
  const build = await buildConsoleForTest();
  onCleanup(() => build.remove());
  const t = await createTestApp({}, { consoleDir: build.dir });
  onCleanup(() => t.close());
  await seedBusyOffice(t.app);
  const origin = await t.app.listen({ host: '127.0.0.1', port: 0 });

  // One browser, reachable by Lighthouse on its DevTools port and driven by playwright for the sign-in.
  const { chromium } = await import('playwright-core');
  const profile = mkdtempSync(join(tmpdir(), 'crewbase-lighthouse-'));
  onCleanup(() => rmSync(profile, { recursive: true, force: true }));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromePath(),
    headless: true,
    args: [...CHROME_FLAGS, '--remote-debugging-port=0'],
  });
  onCleanup(() => context.close());
  // Chrome writes the port it chose into the profile.
  const port = Number(readFileSync(join(profile, 'DevToolsActivePort'), 'utf8').split('\n')[0]);
  const page = context.pages()[0] ?? (await context.newPage());

  async function signIn(user: 'admin' | 'crew') {
    const { username, password } = BUSY_OFFICE[user];
    await page.goto(`${origin}/app`);
    const signOut = page.getByRole('button', { name: 'Sign out' });
    // The profile's cookie may resume the previous user first.
    await page.getByLabel('User name').or(signOut).waitFor();
    if (await signOut.isVisible()) await signOut.click();
    await page.getByLabel('User name').fill(username);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await signOut.waitFor();
    // A blank tab, so Lighthouse's tab is the only one running the console.
    await page.goto('about:blank');
  }

  const rows: string[][] = [];
  let signedIn: string | undefined;
  for (const entry of PAGES) {
    if (only && !only.some((name) => entry.path.endsWith(name))) continue;
    if (signedIn !== entry.user) await signIn(entry.user);
    signedIn = entry.user;
    const result = await lighthouse(
      `${origin}${entry.path}`,
      {
        port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['accessibility', 'performance', 'best-practices'],
        disableStorageReset: true, // keeps the refresh cookie: the page resumes the session
      },
      entry.preset === 'desktop' ? desktopConfig : undefined,
    );
    if (!result) throw new Error(`no Lighthouse result for ${entry.path}`);
    const { categories, audits, finalDisplayedUrl } = result.lhr;
    if (new URL(finalDisplayedUrl).pathname !== entry.path)
      throw new Error(`${entry.path} ended at ${finalDisplayedUrl}`);
    const score = (id: string) => String(Math.round((categories[id]?.score ?? 0) * 100));
    // The pass/fail audits of accessibility and best practices that failed: what the scores lost points on.
    const failed = ['accessibility', 'best-practices'].flatMap((category) =>
      (categories[category]?.auditRefs ?? [])
        .filter((ref) => audits[ref.id]?.scoreDisplayMode === 'binary' && audits[ref.id]?.score === 0)
        .map((ref) => ref.id),
    );
    rows.push([
      `${entry.path} (${entry.preset})`,
      score('accessibility'),
      score('performance'),
      score('best-practices'),
      (audits['cumulative-layout-shift']?.numericValue ?? Number.NaN).toFixed(3),
      failed.join(', ') || '-',
    ]);
    console.error(`measured ${rows.at(-1)!.join(' ')}`);
  }

  const head = ['page', 'a11y', 'perf', 'best', 'CLS', 'failed audits (accessibility, best practices)'];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: string[]) => cells.map((cell, i) => cell.padEnd(widths[i]!)).join('  ');
  console.log(`Lighthouse ${lighthouseVersion()} on ${chromePath()}\n${[head, ...rows].map(line).join('\n')}`);
});

function lighthouseVersion(): string {
  return JSON.parse(readFileSync(new URL('../node_modules/lighthouse/package.json', import.meta.url), 'utf8')).version;
}
