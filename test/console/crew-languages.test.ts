// The crew view in its eight languages and with push notifications, in Debian's chromium against the real server
// (127.0.0.1 only). A realistic set: 30 employees, 10 objects, a busy two weeks; the signed-in cleaner has 14 jobs.
// Languages: for each, the user's general.language is set through the API and the view reloaded: the document's
// lang and dir (Arabic rtl), no crew text left in English, nothing cut or wider than 390 px, the language's chunk
// loaded only when needed. Push: the offer (a button, not on load); Chromium's own push service is unreachable
// here, so the subscription the server delivers to is registered through the API at a local receiver, the
// server's encrypted push decrypted there and handed to the service worker by DevTools
// (ServiceWorker.deliverPushMessage) while no page of the app is open; the shown notification is read with
// registration.getNotifications() and its target opened. UPDATE_SCREENSHOTS=1 writes crew-job-card-ar.png.
// test-run: process console-browser-3 (it waits on chromium, one per process; scripts/test-schedule.mjs)
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { pushWorker, type PushWorker } from '../../src/modules/notifications/index.js';
import { webhookDeps, type Resolver } from '../../src/modules/webhooks/index.js';
import { buildConsoleForTest, type ConsoleBuild } from '../helpers/console-build.js';
import {
  CHROMIUM,
  PHONE,
  SCREENSHOTS,
  openConsoleBrowser,
  screenshotPath,
  type ConsoleBrowser,
  waitFor,
} from '../helpers/console-browser.js';
import { PASSWORD, createUser, groupIdsOf, type LoggedIn } from '../helpers/principals.js';
import { browserKeys, startPushReceiver } from '../helpers/push-receiver.js';
import { call, createTestApp, signup, type Tenant, type TestApp } from '../helpers/test-app.js';

/** The console's catalogues, bundled by esbuild as the console's build does (they are outside the server's test build). */
async function catalogues() {
  const esbuild = await import('esbuild');
  const dir = fileURLToPath(new URL('../../console/src/lib/messages/', import.meta.url));
  const built = await esbuild.build({
    stdin: {
      contents: ['ar', 'bg', 'de', 'en', 'pl', 'ro', 'tr', 'uk', 'crew-keys']
        .map((l) => `export * from './${l}.js';`)
        .join('\n'),
      resolveDir: dir,
      loader: 'ts',
    },
    bundle: true,
    format: 'esm',
    write: false,
  });
  const url = `data:text/javascript;base64,${Buffer.from(built.outputFiles[0]!.text).toString('base64')}`;
  return (await import(url)) as Record<string, Record<string, string>> & { CREW_KEYS: readonly string[] };
}
const { CREW_KEYS, ...CATALOGUES } = await catalogues();
const en = CATALOGUES.en!;
const HOUR = 3_600_000;

describe('crew view: languages and push in a browser', { skip: CHROMIUM }, () => {
  let t: TestApp;
  let build: ConsoleBuild;
  let admin: Tenant;
  let browser: ConsoleBrowser;
  let worker: PushWorker;
  let receiver: Awaited<ReturnType<typeof startPushReceiver>>;
  let mira: LoggedIn;
  const jobIds: string[] = [];
  const resolver: Resolver = async (host) => {
    throw new Error(`ENOTFOUND ${host}`);
  };
  const api = async (method: string, url: string, body?: unknown, headers = admin.headers) => {
    const res = await call(t.app, method as 'POST', url, headers, body);
    assert.ok(res.status < 300, `${method} ${url}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  };

  before(async () => {
    build = await buildConsoleForTest();
    receiver = await startPushReceiver();
    t = await createTestApp(
      { WEBHOOK_ALLOW_HTTP: 'true', WEBHOOK_ALLOWED_TARGETS: '127.0.0.1' },
      { consoleDir: build.dir, resolveHost: resolver },
    );
    worker = pushWorker({ database: t.database, config: t.config, ...webhookDeps(t.config, resolver) });
    admin = await signup(t.app, 'Languages in the browser');
    const employee = (await groupIdsOf(t.app, admin.headers)).employee!;
    const objects: string[] = [];
    const names = [
      'Rathaus Mitte',
      'Kita Sonnenschein',
      'Zahnarztpraxis Dr. Öztürk',
      'Lagerhalle Nord',
      'Bürohaus Am Hafen',
    ];
    for (let i = 0; i < 10; i++)
      objects.push(
        (
          await api('POST', '/v2/objects/', {
            name: `${names[i % 5]}${i >= 5 ? ' II' : ''}`,
            location: { latitude: 52.5, longitude: 13.4 },
            // What the job card shows on site (the office writes it in German).
            address: { street: `Hafenstraße ${i + 1}`, zip: '20457', city: 'Hamburg' },
            description: 'Eingang im Hof, Aufzug bis 3. OG.',
            key: 'Schlüssel Nr. 12',
            securityCode: '4711',
            contact: { phone: '+49 40 1234567' },
          })
        )._id,
      );
    mira = await createUser(t.app, admin.headers, employee, { general: { firstName: 'Mira', lastName: 'Kowalczyk' } });
    const others: string[] = [];
    for (let i = 0; i < 29; i++)
      others.push(
        (
          await api('POST', '/v2/users/', {
            accessGroupId: employee,
            general: { firstName: `Crew ${i}`, lastName: 'Muster' },
          })
        )._id,
      );
    // A busy fortnight: Mira twice a day for a week, everyone else once a day.
    const start = Math.floor(Date.now() / HOUR) * HOUR - HOUR;
    for (let day = 0; day < 7; day++)
      for (const [slot, length] of [
        [0, 2],
        [5, 3],
      ] as const) {
        const from = start + day * 24 * HOUR + slot * HOUR;
        const job = await api('POST', '/v2/jobs/', {
          from: new Date(from).toISOString(),
          to: new Date(from + length * HOUR).toISOString(),
          userId: mira.userId,
          objectId: objects[(day * 2 + slot) % 10],
          title: slot ? 'Unterhaltsreinigung, Sanitär und Böden' : 'Fensterreinigung',
        });
        jobIds.push(job._id);
      }
    for (const [i, userId] of others.entries())
      for (let day = 0; day < 3; day++)
        await api('POST', '/v2/jobs/', {
          from: new Date(start + day * 24 * HOUR + (i % 8) * HOUR).toISOString(),
          to: new Date(start + day * 24 * HOUR + (i % 8) * HOUR + 2 * HOUR).toISOString(),
          userId,
          objectId: objects[i % 10],
        });
    await api('POST', '/v2/tasks/', {
      title: 'Seifenspender auffüllen',
      assignee: { entityId: mira.userId },
      related: { objects: [objects[0]] }, // on the first job's checklist
    });
    browser = await openConsoleBrowser(t.app, { viewport: PHONE, permissions: ['geolocation'], fullChromium: true });
  });

  after(async () => {
    await browser?.close();
    await worker?.close();
    await t?.close();
    await receiver?.close();
    build?.remove();
  });

  test('signed in, the crew view offers notifications once, through a button', async () => {
    const { page, origin } = browser;
    // Headless Chromium denies notifications unless granted (a denied permission gets no offer).
    await browser.context.grantPermissions(['notifications']);
    await page.goto(`${origin}/app/crew`);
    await page.getByLabel('User name').fill(mira.username);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.locator('li.job').first().waitFor();
    const offer = page.getByRole('button', { name: en.pushEnable });
    await offer.waitFor();
    await offer.click();
    // Without a network, Chromium's push service cannot subscribe: the outcome is said in words either way.
    const outcome = page.locator('main [role=alert], main .push-result');
    await outcome.first().waitFor({ timeout: 25_000 });
    const said = (await outcome.first().textContent()) ?? '';
    console.log(`push offer in Chromium here: ${said}`);
    assert.match(said, /^Notifications (could not be turned on: |are on\.)/);
    if (await page.getByRole('button', { name: en.pushLater }).count())
      await page.getByRole('button', { name: en.pushLater }).click();
    await page.reload();
    await page.locator('li.job').first().waitFor();
    assert.equal(await page.getByRole('button', { name: en.pushEnable }).count(), 0, 'answered: not offered again');
  });

  for (const lang of ['de', 'en', 'pl', 'ro', 'tr', 'uk', 'bg', 'ar']) {
    test(`${lang}: every crew text translated, nothing cut or wider than 390 px${lang === 'ar' ? ', right to left' : ''}`, async () => {
      const { page } = browser;
      await api('PUT', '/v2/users/self/language', { language: lang }, mira.headers);
      const before = browser.requests.length;
      await page.reload();
      await page.waitForFunction((l) => document.documentElement.lang === l, lang);
      await page.locator('li.job').first().waitFor();
      const texts = CATALOGUES[lang]!;
      await page.getByRole('heading', { name: texts.today }).waitFor();
      assert.equal(await page.evaluate(() => document.documentElement.dir), lang === 'ar' ? 'rtl' : 'ltr');
      // No crew text in English where the language has its own (each text node compared whole).
      const shown = await page.evaluate(() => {
        const found: string[] = [];
        const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
        while (walker.nextNode()) {
          const text = walker.currentNode.textContent?.trim();
          if (text) found.push(text);
        }
        return found;
      });
      const english = CREW_KEYS.filter((key) => texts[key] !== en[key] && shown.includes(en[key]!)).map(
        (key) => `${key}: ${en[key]}`,
      );
      assert.deepEqual(english, [], `English crew texts in ${lang}`);
      // Nor any other English text of the console (a key the crew sees but CREW_KEYS forgot falls back to English).
      if (lang !== 'en') {
        const fallbacks = [
          ...new Set(shown.filter((text) => Object.values(en).includes(text) && !Object.values(texts).includes(text))),
        ];
        assert.deepEqual(fallbacks, [], `texts left in English in ${lang}`);
      }
      // Nothing cut or overflowing at 390 px.
      const overflow = await page.evaluate(() => {
        const found: string[] = [];
        for (const el of document.querySelectorAll<HTMLElement>('header *, main *')) {
          if (!el.clientWidth || getComputedStyle(el).overflowX === 'auto' || el.closest('.visually-hidden')) continue;
          if (el.scrollWidth > el.clientWidth + 1)
            found.push(`${el.tagName}.${el.className}: ${el.textContent?.slice(0, 40)}`);
        }
        return { found, width: document.documentElement.scrollWidth };
      });
      assert.deepEqual(overflow.found, [], `cut or overflowing in ${lang}`);
      assert.ok(overflow.width <= 390, `document ${overflow.width} px wide in ${lang}`);
      // The language's own chunk only for the extra languages.
      const chunks = browser.requests.slice(before).filter((url) => /\/assets\/(pl|ro|tr|uk|bg|ar)-/.test(url));
      if (lang === 'de' || lang === 'en') assert.deepEqual(chunks, []);
      else
        assert.ok(
          chunks.some((url) => url.includes(`/assets/${lang}-`)),
          `${lang} chunk: ${chunks}`,
        );
      if (lang === 'ar') {
        // What the office typed in German keeps its own direction (its full stop at the end), the phone number
        // reads left to right: in a right-to-left page they are isolated.
        const directions = await page.evaluate(() =>
          ['li.job', 'dd.job-note bdi', 'a[href^="tel:"]'].map((selector) => {
            const found = document.querySelector(selector);
            return found ? getComputedStyle(found).direction : 'missing';
          }),
        );
        assert.deepEqual(directions, ['rtl', 'ltr', 'ltr'], 'card, office note, phone number');
        const card = page.locator('li.job').first();
        await card.scrollIntoViewIfNeeded();
        if (SCREENSHOTS) await page.screenshot({ path: screenshotPath('crew-job-card-ar') });
      }
    });
  }

  test("a push of the server is shown by the service worker in the user's language with no page open; its target opens the job", async () => {
    const { context, origin } = browser;
    await api('PUT', '/v2/users/self/language', { language: 'pl' }, mira.headers);
    const phone = browserKeys();
    await api('POST', '/v2/pushSubscriptions', { endpoint: `${receiver.origin}/mira`, keys: phone.keys }, mira.headers);
    const jobId = jobIds[4]!;
    const job = await api('GET', `/v2/jobs/${jobId}`);
    const later = (iso: string) => new Date(Date.parse(iso) + HOUR).toISOString();
    await api('POST', `/v2/jobs/${jobId}/move`, { from: later(job.from), to: later(job.to) });
    await waitFor(async () => {
      await worker.runOnce();
      return receiver.received.some((r) => r.path === '/mira');
    });
    const payload = phone.decrypt(receiver.received.find((r) => r.path === '/mira')!.body);
    assert.equal(JSON.parse(payload).kind, 'jobMoved');

    // The app closed: only a blank page stays (DevTools needs a target), the service worker gets the push.
    const blank = await context.newPage();
    await browser.page.close();
    const cdp = await context.newCDPSession(blank);
    const registration = new Promise<string>((resolve) =>
      cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
        const found = registrations.find((r: { scopeURL: string }) => r.scopeURL === `${origin}/app/`);
        if (found) resolve(found.registrationId);
      }),
    );
    await cdp.send('ServiceWorker.enable');
    await cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId: await registration, data: payload });

    const page = await context.newPage();
    await page.goto(`${origin}/app/crew`);
    let shown: Array<{ title: string; body: string; lang: string; url: string }> = [];
    await waitFor(async () => {
      shown = await page.evaluate(async () =>
        (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
          title: n.title,
          body: n.body,
          lang: n.lang,
          url: (n.data as { url: string }).url,
        })),
      );
      return shown.length > 0;
    });
    assert.equal(shown.length, 1);
    assert.equal(shown[0]!.title, 'Twoje zlecenie zostało przesunięte');
    assert.match(shown[0]!.body, /\d\d:\d\d–\d\d:\d\d/);
    assert.equal(shown[0]!.lang, 'pl');
    assert.equal(shown[0]!.url, `/app/crew#job-${jobId}`);
    // The tap's target: the crew view with that job's card in view and focused.
    await page.goto(`${origin}${shown[0]!.url}`);
    const card = page.locator(`li.job[data-job-id="${jobId}"]`);
    await card.and(page.locator('.opened')).waitFor();
    assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('data-job-id')), jobId);
    assert.deepEqual(browser.elsewhere(), []);
  });
});
