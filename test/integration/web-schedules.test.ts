/**
 * The Schedules pages of `baton web` in a real browser (Debian's Chromium driven by playwright-core, as web.test.ts
 * does), against the real Temporal dev server and PostgreSQL of the suite: a schedule made through
 * src/schedules/service.ts on the demo shop, one run triggered, its verdict row awaited in baton.schedule_runs; the
 * list shows the schedule with that verdict, the schedule's page its run (the verdict the row holds, the alert's
 * delivery to a file sink) and the run's link opens the analysis run's page. An unknown schedule id is a 404, and a
 * question with markup is shown as text.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';
import { startWeb, type RunningWeb } from '../../src/web/app';
import { Signer } from '../../src/web/security';
import { createSchedule } from '../../src/schedules/service';
import { scheduleAlerts, scheduleRuns, type StoredRun } from '../../src/schedules/store';
import { textIn } from '../../src/messages';
import { testConfig, withWorker } from '../helpers';

jest.setTimeout(120_000);
declare const document: { querySelector(s: string): { textContent: string | null } | null };

const harness = withWorker('web-schedules');
const systemDb = testConfig().databaseUrl;
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-sync'];
const ID = `web-sched-${randomBytes(3).toString('hex')}`;
const sinkFile = path.join(os.tmpdir(), `baton-web-schedules-${randomBytes(3).toString('hex')}.jsonl`);
const en = textIn('en');
let browser: Browser;
let context: BrowserContext;
let web: RunningWeb;
let run: StoredRun;

async function waitForRun(timeoutMs: number): Promise<StoredRun> {
  const started = Date.now();
  for (;;) {
    const [first] = await scheduleRuns(systemDb, ID);
    if (first) return first;
    if (Date.now() - started > timeoutMs) throw new Error(`${ID}: no run recorded within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 300));
  }
}

beforeAll(async () => {
  await createSchedule(harness.client, {
    config: {
      scheduleId: ID,
      question: '华东上周客单价为什么变化？',
      timezone: 'Asia/Shanghai',
      alerts: [{ kind: 'file', path: sinkFile }],
      when: [{ kind: 'metric', metric: 'aov', op: '>', value: 0, text: 'aov > 0' }],
      level: 0.05,
    },
    taskQueue: harness.config.taskQueue,
    everyMs: 604_800_000,
    overlap: 'skip',
    catchupWindowMs: 60_000,
  });
  await harness.client.schedule.getHandle(ID).trigger();
  web = await startWeb({ client: harness.client, config: harness.config, access: null, signer: new Signer() }, '127.0.0.1', 0);
  browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ARGS });
  context = await browser.newContext({ viewport: { width: 1200, height: 900 }, locale: 'en-US' });
  run = await waitForRun(90_000);
}, 110_000);

afterAll(async () => {
  await harness.client.schedule
    .getHandle(ID)
    .delete()
    .catch(() => undefined);
  await browser?.close();
  await web?.close();
  fs.rmSync(sinkFile, { force: true });
});

test('the list shows the schedule with its last verdict, its page the run and its alert, and the run link works', async () => {
  expect(run.decision).not.toBe('broken');
  const page = await context.newPage();
  await page.goto(`${web.url}/runs`);
  await page.click('nav >> text=Schedules');
  await page.waitForURL(`${web.url}/schedules`);
  const row = page.locator(`tr[data-schedule="${ID}"]`);
  await expect(row.textContent()).resolves.toContain('华东上周客单价为什么变化？');
  const rowText = (await row.textContent()) ?? '';
  expect(rowText).toContain('every 1w');
  expect(rowText).toContain('Asia/Shanghai');
  expect(rowText).toContain('active');
  expect(await row.locator('.verdict').getAttribute('data-decision')).toBe(run.decision);
  expect(rowText).toContain(en(`web.verdict.${run.decision}`));

  await row.locator(`a[href="/schedules/${ID}"]`).click();
  await page.waitForURL(`${web.url}/schedules/${ID}`);
  const runRow = page.locator(`tr[data-scheduled="${run.scheduledTime}"]`);
  expect(await runRow.locator('.verdict').getAttribute('data-decision')).toBe(run.decision);
  expect(await runRow.locator('.run-status').textContent()).toBe(run.summary.status);
  expect(await runRow.locator('a', { hasText: 'Temporal UI' }).getAttribute('href')).toContain(encodeURIComponent(run.workflowId));
  // The alert rows, as baton.schedule_alerts holds them (a threshold run alerts to the file sink, delivered once).
  const alerts = await scheduleAlerts(systemDb, ID);
  expect(await page.locator('tr[data-alert]').count()).toBe(alerts.length);
  // aov > 0 holds for any week: the run alerts (a threshold, or a significant change first), once, to the file sink.
  expect(['threshold', 'significant_change']).toContain(run.decision);
  expect(alerts).toHaveLength(1);
  expect(alerts[0]?.deliveredAt).not.toBeNull();
  expect(fs.readFileSync(sinkFile, 'utf8').trim().split('\n')).toHaveLength(1);
  expect(await runRow.locator('.change').textContent()).toContain('→');
  const cell = page.locator(`tr[data-alert="${alerts[0]?.key ?? ''}"] td`);
  expect(await cell.nth(0).textContent()).toBe(alerts[0]?.headline);
  expect(await cell.nth(2).textContent()).toContain('delivered');
  expect(await cell.nth(3).textContent()).toBe('1');

  await runRow.locator('a.run-link').click();
  await page.waitForURL(`${web.url}/runs/${encodeURIComponent(run.runId)}`);
  expect(await page.evaluate(() => document.querySelector('h1')?.textContent ?? '')).toContain(run.runId);
  console.log(`web schedules: ${ID} run ${run.runId} · ${run.decision} · ${alerts.length} alert(s)`);
});

test('an unknown schedule id is a 404 that names it, escaped', async () => {
  const page = await context.newPage();
  const response = await page.goto(`${web.url}/schedules/${encodeURIComponent('no-such-<b>x</b>')}`);
  expect(response?.status()).toBe(404);
  expect(await page.locator('p.error').textContent()).toBe(en('web.error.no-schedule', { id: 'no-such-<b>x</b>' }));
  expect(await page.locator('main b').count()).toBe(0);
});
