// The browser tests' helper (test/helpers/console-browser.ts): pages of one process share one chromium, each
// in a context of its own (storage and recorded requests apart); the browser outlives the last page only in a
// process of several files, whose end closes it (scripts/test-schedule.mjs).
// test-run: process console-browser-3 (it waits on chromium, one per process; scripts/test-schedule.mjs)
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { CHROMIUM, openConsoleBrowser, type ConsoleBrowser } from '../helpers/console-browser.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

describe('console browser helper', { skip: CHROMIUM }, () => {
  let t: TestApp;
  let first: ConsoleBrowser;
  let second: ConsoleBrowser;

  before(async () => {
    t = await createTestApp();
    first = await openConsoleBrowser(t.app);
    second = await openConsoleBrowser(t.app);
  });
  after(async () => {
    await first?.close();
    await second?.close();
    await t?.close();
  });

  test('two pages: one chromium, two contexts, storage and requests apart', async () => {
    const browser = first.context.browser();
    assert.ok(browser);
    assert.equal(second.context.browser(), browser);
    assert.notEqual(second.context, first.context);

    await first.page.goto(`${first.origin}/health`);
    await first.page.evaluate(() => localStorage.setItem('crewbase.test', 'first'));
    assert.ok(first.requests.includes(`${first.origin}/health`));
    assert.deepEqual(second.requests, []);
    await second.page.goto(`${second.origin}/health`);
    assert.equal(await second.page.evaluate(() => localStorage.getItem('crewbase.test')), null);
    assert.deepEqual(first.elsewhere(), []);
    assert.deepEqual(second.elsewhere(), []);
  });

  test("after the last page, the browser stays open only for the process's next file", async () => {
    const browser = first.context.browser()!;
    await first.close();
    assert.ok(browser.isConnected(), 'another page is open');
    await second.close();
    const sharedWithNextFiles = Symbol.for('crewbase.test-run.at-process-end') in globalThis;
    assert.equal(browser.isConnected(), sharedWithNextFiles);
  });
});
