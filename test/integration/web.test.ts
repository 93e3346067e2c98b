/**
 * `baton web` in a real browser (Debian's Chromium driven by playwright-core, as the report test does), against the
 * real Temporal dev server and PostgreSQL of the suite: ask and read the answer on the demo shop (its numbers checked
 * against hand-written SQL), the live checklist over server-sent events (the delay from an activity completing in the
 * history to the page's checklist changing, measured), a citation's calculation, SQL and verification, a plan
 * approved, a run cancelled, the token refused and then accepted on a non-loopback address, and the escaping of a
 * question with <script> and of a database value <img src=x onerror=alert(1)>. Screenshots go to a temporary folder
 * and are checked not blank; axe-core finds no serious or critical violation; the first paint of a finished run's
 * answer page and the page's JavaScript and CSS bytes are measured.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Pool } from 'pg';
import { PNG } from 'pngjs';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { startWeb, type RunningWeb } from '../../src/web/app';
import { Signer } from '../../src/web/security';
import { followUpPart } from '../../src/web/follow-up';
import { PROJECT_ROOT } from '../../src/settings/config';
import { localActivityMarker } from '../../src/cli/export';
import { db, manifest, withWorker } from '../helpers';

declare const document: {
  querySelector(s: string): { textContent: string | null } | null;
  querySelectorAll(s: string): { length: number };
  getElementById(id: string): { textContent: string | null; open?: boolean } | null;
};
declare const window: Record<string, unknown>;
declare const performance: { getEntriesByName(name: string): { startTime: number }[] };

const harness = withWorker('web');
const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const XSS_VALUE = '<img src=x onerror=alert(1)>';
let browser: Browser;
let context: BrowserContext;
let web: RunningWeb;
let dir: string;
let copyUrl: string;
const figures: string[] = [];
const dialogs: string[] = [];

/** The share of pixels that are not (near) white. */
function ink(file: string): { width: number; height: number; inked: number } {
  const image = PNG.sync.read(fs.readFileSync(file));
  let inked = 0;
  for (let i = 0; i < image.data.length; i += 4) if (image.data[i]! < 235 || image.data[i + 1]! < 235 || image.data[i + 2]! < 235) inked++;
  return { width: image.width, height: image.height, inked: inked / (image.width * image.height) };
}

async function shot(page: Page, name: string): Promise<string> {
  const file = path.join(dir, `${name}.png`);
  await page.screenshot({ path: file, fullPage: false });
  const { inked, width } = ink(file);
  expect(width).toBe(1200);
  expect(inked).toBeGreaterThan(0.02);
  return file;
}

/** axe-core's serious and critical violations on the page (its source evaluated in the page, not a script tag: the CSP allows none). */
async function axeViolations(page: Page): Promise<string[]> {
  const source = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
  await page.evaluate(source);
  const found = await page.evaluate(async () => {
    const axe = window.axe as { run(): Promise<{ violations: { id: string; impact: string; nodes: unknown[] }[] }> };
    return (await axe.run()).violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.length }));
  });
  return found.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id} (${v.impact}, ${v.nodes})`);
}

/** A Chinook copy whose Rock genre is named <img src=x onerror=alert(1)> (a template copy: seconds). */
async function xssDatabase(): Promise<string> {
  const source = process.env.CHINOOK_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/baton_chinook';
  const name = `${new URL(source).pathname.slice(1)}_web_xss`;
  const admin = new Pool({ connectionString: source.replace(/\/[^/]*$/, '/postgres'), max: 1 });
  await admin.query(`DROP DATABASE IF EXISTS ${name}`);
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${new URL(source).pathname.slice(1)}`);
  await admin.end();
  const url = source.replace(/\/[^/]*$/, `/${name}`);
  const copy = new Pool({ connectionString: url, max: 1 });
  await copy.query(`UPDATE genre SET name = $1 WHERE name = 'Rock'`, [XSS_VALUE]);
  await copy.end();
  return url;
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'baton-web-'));
  copyUrl = await xssDatabase();
  web = await startWeb(
    {
      client: harness.client,
      config: harness.config,
      access: null,
      signer: new Signer(),
      followUp: followUpPart(),
      env: { ...process.env, BATON_WEB_CATALOGS: `${path.join(PROJECT_ROOT, 'catalogs/chinook.yaml')}=${copyUrl}` },
    },
    '127.0.0.1',
    0,
  );
  browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ARGS });
  context = await browser.newContext({ viewport: { width: 1200, height: 900 }, locale: 'zh-CN' });
  // Each change of the live checklist, with the time it reached the page (a MutationObserver on #live).
  await context.exposeFunction('__webChecklist', (at: number, text: string) => {
    received.push({ at, text });
  });
  await context.addInitScript(() => {
    const w = window as unknown as {
      addEventListener: (e: string, f: () => void) => void;
      MutationObserver: new (f: () => void) => { observe(n: unknown, o: unknown): void };
    };
    w.addEventListener('DOMContentLoaded', () => {
      const live = (document as unknown as { getElementById(id: string): { textContent: string } | null }).getElementById('live');
      if (!live) return;
      new w.MutationObserver(
        () => void (window.__webChecklist as (at: number, t: string) => Promise<void>)(Date.now(), live.textContent),
      ).observe(live, {
        childList: true,
        subtree: true,
      });
    });
  });
  context.on('page', (p) =>
    p.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    }),
  );
});

afterAll(async () => {
  await browser?.close();
  await web?.close();
  console.log(`baton web figures:\n${figures.map((f) => `  ${f}`).join('\n')}\n  screenshots in ${dir}`);
  const admin = new Pool({ connectionString: copyUrl.replace(/\/[^/]*$/, '/postgres'), max: 1 });
  await admin.query(`DROP DATABASE IF EXISTS ${new URL(copyUrl).pathname.slice(1)} WITH (FORCE)`).catch(() => undefined);
  await admin.end();
});

const received: { at: number; text: string }[] = [];

/** Asks on the Ask page; returns the run's id once the browser is on its page. */
async function ask(page: Page, question: string, options: { catalog?: string; review?: boolean } = {}): Promise<string> {
  await page.goto(`${web.url}/`);
  await page.fill('#question', question);
  if (options.catalog) await page.selectOption('#catalog', options.catalog);
  if (options.review) await page.check('#review');
  await page.click('#ask');
  await page.waitForURL(/\/runs\/analysis-/);
  return decodeURIComponent(new URL(page.url()).pathname.split('/')[2] ?? '');
}

let demoRun = '';

test('ask on the demo shop, watch the checklist live, and read the answer: the numbers are the SQL’s', async () => {
  const page = await context.newPage();
  received.length = 0;
  demoRun = await ask(page, '为什么华东区上个月复购率下降了？');
  await page.waitForSelector('#answer', { timeout: 90_000 });
  const answer = (await page.textContent('#answer')) ?? '';
  const m = await manifest();
  const rate = async (month: string) => {
    const { rows } = await db().query<{ rate: string }>(
      `SELECT avg((n >= 2)::int) AS rate FROM (SELECT o.user_id, count(*) AS n FROM orders o JOIN users u USING (user_id)
         WHERE o.status = 'paid' AND o.amount > 0 AND to_char(o.pay_time, 'YYYY-MM') = $1 AND u.region = '华东' GROUP BY o.user_id) b`,
      [month],
    );
    return Number(rows[0]?.rate);
  };
  const before = await rate(m.months[m.months.length - 2]!);
  const after = await rate(m.last_month);
  expect(answer).toContain(`${(before * 100).toFixed(2)}%`);
  expect(answer).toContain(`${(after * 100).toFixed(2)}%`);
  expect(await page.textContent('#reading')).toMatch(/复购率/);
  // The report inline, with each chart in its finding's section; the data-quality notes; the downloads.
  const charts = await page.evaluate(() => document.querySelectorAll('#report section[id^="finding-"] figure.chart svg').length);
  expect(charts).toBeGreaterThanOrEqual(2);
  expect(await page.textContent('#quality-notes')).toMatch(/orders\.amount/);
  for (const format of ['md', 'html', 'docx']) {
    const response = await page.request.get(`${web.url}/runs/${demoRun}/report.${format}`);
    expect(response.status()).toBe(200);
    expect((await response.body()).length).toBeGreaterThan(1000);
  }
  await shot(page, 'read');
  if (process.env.BATON_UPDATE_WEB_SCREENSHOT) fs.copyFileSync(path.join(dir, 'read.png'), path.join(PROJECT_ROOT, 'docs/web.png'));

  // The checklist's changes reached the page as they happened: each activity's completion in the history against the
  // first change the page received after it.
  expect(received.length).toBeGreaterThanOrEqual(4);
  expect(received.some((r) => /数据质量/.test(r.text))).toBe(true);
  const history = await harness.client.workflow.getHandle(demoRun).fetchHistory();
  const completions = (history.events ?? []).flatMap((e) => {
    const at = Number(e.eventTime?.seconds ?? 0) * 1000 + Math.floor((e.eventTime?.nanos ?? 0) / 1e6);
    return e.activityTaskCompletedEventAttributes || localActivityMarker(e) ? [at] : [];
  });
  // Each change the page saw (its text differs from the one before), against the latest activity completion before it.
  const changes = received.filter((r, i) => i > 0 && r.text !== received[i - 1]?.text);
  const delays = changes
    .map((r) => r.at - Math.max(...completions.filter((c) => c <= r.at)))
    .filter((d) => Number.isFinite(d))
    .sort((a, b) => a - b);
  const at = (q: number) => delays[Math.min(delays.length - 1, Math.floor(q * delays.length))] ?? Number.NaN;
  figures.push(
    `checklist over SSE: ${changes.length} changes reached the page; activity completed (history) → page changed: median ${at(0.5)} ms, p90 ${at(0.9)} ms, max ${delays.at(-1)} ms`,
  );
  expect(delays.length).toBeGreaterThanOrEqual(4);
  expect(at(0.5)).toBeLessThanOrEqual(500);
  expect(await axeViolations(page)).toEqual([]);
  await page.close();
});

test('the answer page of a finished run paints within a second, and the page is small', async () => {
  const page = await context.newPage();
  await page.goto(`${web.url}/runs/${demoRun}`);
  // The paint timing of the Performance API (buffered: the paint may be recorded just after the load event).
  const paint = await page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const Observer = window.PerformanceObserver as new (f: (list: { getEntries(): { name: string; startTime: number }[] }) => void) => {
          observe(o: unknown): void;
        };
        new Observer((list) => {
          const fcp = list.getEntries().find((e) => e.name === 'first-contentful-paint');
          if (fcp) resolve(fcp.startTime);
        }).observe({ type: 'paint', buffered: true });
        setTimeout(() => resolve(performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? -1), 3000);
      }),
  );
  figures.push(`first contentful paint of the finished run's answer page: ${paint.toFixed(0)} ms`);
  expect(paint).toBeGreaterThan(0);
  expect(paint).toBeLessThanOrEqual(1000);
  const js = (await (await page.request.get(`${web.url}/assets/app.js`)).body()).length;
  const css = (await (await page.request.get(`${web.url}/assets/app.css`)).body()).length;
  figures.push(`JavaScript + CSS: ${js} + ${css} = ${js + css} bytes uncompressed`);
  expect(js + css).toBeLessThanOrEqual(300 * 1024);
  const headers = (await page.request.get(`${web.url}/`)).headers();
  expect(headers['content-security-policy']).toContain("script-src 'self'");
  await page.close();
});

test('a citation [n] opens its calculation: its SQL and what the independent verifier recomputed', async () => {
  const page = await context.newPage();
  await page.goto(`${web.url}/runs/${demoRun}`);
  await page.click('#report #summary a[href="#cite-1"]');
  await page.waitForSelector('#calc-dialog[open]');
  const text = (await page.textContent('#calc-dialog')) ?? '';
  expect(text).toContain('计算 [1]');
  expect(text).toMatch(/SELECT[\s\S]+FROM orders/);
  const value = Number((await page.textContent('#calc-dialog .calc-value')) ?? 'NaN');
  const recomputed = Number(/复核重算值：([\d.]+)/.exec(text)?.[1]);
  expect(recomputed).toBeCloseTo(value, 6);
  expect(text).toContain('一致');
  await shot(page, 'citation');
  await page.click('#calc-close');
  expect(await page.evaluate(() => document.getElementById('calc-dialog')?.open)).toBe(false);
  await page.close();
});

test('a plan waiting for review is approved on the page, and the run goes on to its answer', async () => {
  const page = await context.newPage();
  const id = await ask(page, '上个月 GMV 是多少？', { review: true });
  await page.waitForSelector('#approve', { timeout: 60_000 });
  expect(await page.textContent('#review')).toMatch(/s1/);
  await shot(page, 'review');
  expect(await axeViolations(page)).toEqual([]);
  await page.click('#approve');
  await page.waitForSelector('#answer', { timeout: 60_000 });
  const { rows } = await db().query<{ v: string }>(
    `SELECT sum(amount) AS v FROM orders WHERE status = 'paid' AND amount > 0 AND to_char(pay_time, 'YYYY-MM') = $1`,
    [(await manifest()).last_month],
  );
  const answer = ((await page.textContent('#answer')) ?? '').replace(/,/g, '');
  expect(answer).toContain(Number(rows[0]?.v).toFixed(2));
  const progress = await harness.client.workflow.getHandle(id).query('progress');
  expect((progress as { reviews: { action: string }[] }).reviews.map((r) => r.action)).toEqual(['approve']);
  await page.close();
});

test('a running run is cancelled from its page, and the runs list shows it cancelled', async () => {
  const page = await context.newPage();
  const id = await ask(page, '上个月各区域的 GMV', { review: true });
  await page.waitForSelector('#approve', { timeout: 60_000 });
  await page.fill('#reason', '不需要了');
  await page.click('#cancel');
  await page.waitForSelector('#answer', { timeout: 60_000 });
  expect(await page.textContent('#answer')).toContain('不需要了');
  await page.goto(`${web.url}/runs?status=cancelled&since=1h`);
  expect(await page.textContent(`tr[data-run="${id}"] .run-status`)).toBe('cancelled');
  expect(await page.getAttribute(`tr[data-run="${id}"] a[href*="/workflows/"]`, 'href')).toContain(encodeURIComponent(id));
  expect(await axeViolations(page)).toEqual([]);
  await page.close();
});

test('every value from the question or the database is escaped', async () => {
  const page = await context.newPage();
  // Its words are English: one the English lexicon lacks ("pwned") would be taken for a name, looked up and asked back.
  await ask(page, '<script>window.__owned = 1</script> revenue by genre in 2023', { catalog: 'chinook' });
  await page.waitForSelector('#answer', { timeout: 60_000 });
  expect(await page.textContent('#question-text')).toContain('<script>window.__owned = 1</script>');
  expect(await page.textContent('#report')).toContain(XSS_VALUE);
  expect(await page.evaluate(() => [window.__owned, document.querySelectorAll('img[src="x"]').length])).toEqual([undefined, 0]);
  expect(dialogs).toEqual([]);
  await shot(page, 'escaped');
  // Unknown runs and sessions: a 404 page that says so.
  const missing = await page.goto(`${web.url}/runs/analysis-nosuchrun`);
  expect(missing?.status()).toBe(404);
  expect(await page.textContent('main')).toContain('没有 ID 为 analysis-nosuchrun 的运行');
  expect((await page.goto(`${web.url}/sessions/nosuchsession`))?.status()).toBe(404);
  // A cross-site form post is refused: no form token, another origin.
  const forged = await page.request.post(`${web.url}/runs/${demoRun}/cancel`, {
    form: { reason: 'x' },
    headers: { Origin: 'http://evil.example' },
  });
  expect(forged.status()).toBe(403);
  await page.close();
});

test('bound to another address the page refuses to start without a token, then asks for it', async () => {
  const refused = spawnSync(
    process.execPath,
    [path.join(PROJECT_ROOT, 'dist/src/client.js'), 'web', '--host', '127.0.0.2', '--port', '8353'],
    {
      encoding: 'utf8',
      env: { ...process.env, BATON_WEB_TOKEN: '' },
      timeout: 20_000,
    },
  );
  expect(refused.status).toBe(2);
  expect(refused.stderr).toContain('BATON_WEB_TOKEN');
  // 127.0.0.2 where the loopback range is routed (Linux), else every address: either way not 127.0.0.1.
  const app = { client: harness.client, config: harness.config, access: { token: 's3cret-token' }, signer: new Signer() };
  let host = '127.0.0.2';
  const guarded = await startWeb(app, host, 8354).catch(() => {
    host = '0.0.0.0';
    return startWeb(app, host, 8354);
  });
  const base = `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:8354`;
  try {
    const page = await context.newPage();
    await page.goto(`${base}/runs`);
    expect(new URL(page.url()).pathname).toBe('/login');
    await page.fill('#token', 'wrong');
    await page.click('#sign-in');
    expect(await page.textContent('[role=alert]')).toContain('令牌不正确');
    await page.fill('#token', 's3cret-token');
    await page.click('#sign-in');
    await page.waitForURL(`${base}/runs`);
    expect(await page.textContent('h1')).toBe('运行记录');
    expect((await fetch(`${base}/`, { redirect: 'manual' })).status).toBe(303);
    expect((await fetch(`${base}/`, { headers: { Authorization: 'Bearer s3cret-token' } })).status).toBe(200);
    await page.close();
  } finally {
    await guarded.close();
  }
});

test('the page follows the browser language, with a switch', async () => {
  const en = await fetch(`${web.url}/`, { headers: { 'Accept-Language': 'en-US,en;q=0.9' } });
  expect(await en.text()).toContain('<h1>Ask your data</h1>');
  const zh = await fetch(`${web.url}/`, { headers: { 'Accept-Language': 'zh-CN,zh;q=0.9,en;q=0.8' } });
  expect(await zh.text()).toContain('<h1>向数据提问</h1>');
  const page = await context.newPage();
  await page.goto(`${web.url}/`);
  await page.click('a[hreflang="en"]');
  expect(await page.textContent('h1')).toBe('Ask your data');
  expect(await page.evaluate(() => document.querySelectorAll('.suggestions button').length)).toBeGreaterThan(3);
  expect(await axeViolations(page)).toEqual([]);
  await shot(page, 'ask');
  // The catalogs with the result of `catalog check`.
  await page.goto(`${web.url}/catalogs`);
  expect((await page.textContent('#catalog-demo .check'))?.trim()).toMatch(/^Matches the database: \d+ tables/);
  expect(await page.textContent('#catalog-chinook')).toContain('_web_xss');
  await page.close();
});

test('a follow-up under the answer continues the conversation through the session API', async () => {
  const page = await context.newPage();
  await ask(page, 'What was revenue in 2024?', { catalog: 'chinook' });
  await page.waitForSelector('#answer', { timeout: 60_000 });
  await page.fill('#follow-up-question', 'How many orders did we get between 2022 and 2024?');
  await page.click('#follow-up');
  await page.waitForURL(/\/sessions\//);
  // The session page reloads itself while a turn runs; both turns end answered.
  await page.waitForSelector('.turn[data-turn="2"]', { timeout: 90_000 });
  expect(await page.textContent('.turn[data-turn="1"] .turn-status')).toBe('completed');
  expect(await page.textContent('.turn[data-turn="2"] .turn-status')).toBe('completed');
  await page.click('.turn[data-turn="2"] a');
  await page.waitForSelector('#answer');
  const chinook = new Pool({ connectionString: copyUrl, max: 1 });
  const { rows } = await chinook.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM invoice WHERE invoice_date >= '2022-01-01' AND invoice_date < '2025-01-01'`,
  );
  await chinook.end();
  expect(await page.textContent('#answer')).toContain(String(rows[0]?.n));
  // The turn's own page offers the next follow-up in the same session.
  expect(await page.getAttribute('#follow-up-section form', 'action')).toMatch(/^\/sessions\/[^/]+\/ask$/);
  await shot(page, 'follow-up');
  await page.close();
});

test('a question back offers its answers as buttons: one click asks it, and the answer is the SQL’s', async () => {
  const page = await context.newPage();
  // "queen" in lower case is a name the data holds (the artist Queen): asked back, offering the question that names it.
  await ask(page, 'revenue from queen in 2024', { catalog: 'chinook' });
  await page.waitForSelector('#choices button.choice', { timeout: 60_000 });
  expect(await page.textContent('#choices button.choice')).toBe('revenue from the artist Queen in 2024');
  await page.click('#choices button.choice');
  await page.waitForURL(/\/sessions\//);
  await page.waitForSelector('.turn[data-turn="2"] .turn-status:text("completed")', { timeout: 90_000 });
  expect(await page.textContent('.turn[data-turn="1"] .turn-status')).toBe('needs_clarification');
  expect(await page.textContent('.turn[data-turn="2"]')).toContain('artist = Queen');
  await page.click('.turn[data-turn="2"] a');
  await page.waitForSelector('#answer');
  const chinook = new Pool({ connectionString: copyUrl, max: 1 });
  const { rows } = await chinook.query<{ revenue: string }>(
    `SELECT to_char(sum(il.unit_price * il.quantity), 'FM999990.00') AS revenue
       FROM invoice_line il JOIN invoice i USING (invoice_id) JOIN track t USING (track_id)
       JOIN album al USING (album_id) JOIN artist ar USING (artist_id)
      WHERE ar.name = 'Queen' AND i.invoice_date >= '2024-01-01' AND i.invoice_date < '2025-01-01'`,
  );
  await chinook.end();
  expect(await page.textContent('#answer')).toContain(String(rows[0]?.revenue));
  await page.close();
});
