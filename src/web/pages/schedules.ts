/** The Schedules page (every schedule, its last verdict) and a schedule's page (its runs and its alerts' deliveries). */
import type { StoredAlert, StoredRun } from '../../schedules/store';
import { html, type Html } from '../html';
import type { PageContext } from './layout';

export interface ScheduleRow {
  id: string;
  question: string;
  timezone: string;
  paused: boolean;
  next: string | null;
  cron: string | null;
  everyMs: number | null;
}

const utc = (iso: string | null) => (iso ? iso.replace('T', ' ').slice(0, 19) : '–');
const number = (x: number | null) => (x === null ? '–' : String(Number(x.toPrecision(6))));

/** 1w, 1d, 12h, 30m, else seconds: the `--every` the schedule was made with. */
function interval(ms: number): string {
  for (const [unit, size] of [
    ['w', 604_800_000],
    ['d', 86_400_000],
    ['h', 3_600_000],
    ['m', 60_000],
  ] as const)
    if (ms % size === 0) return `${ms / size}${unit}`;
  return `${Math.round(ms / 1000)}s`;
}

function when(ctx: PageContext, row: ScheduleRow): string {
  if (row.cron) return row.cron;
  return row.everyMs ? ctx.text('web.schedules.every', { duration: interval(row.everyMs) }) : '–';
}

/** The run's verdict in words: alerted with what changed, no material change, or broken. */
export function verdict(ctx: PageContext, run: StoredRun | null): Html {
  if (!run) return html`<span class="note">${ctx.text('web.verdict.none')}</span>`;
  const s = run.summary;
  const alerted = run.decision === 'significant_change' || run.decision === 'threshold';
  const changed =
    alerted && s.metric
      ? ctx.text('web.verdict.change', {
          metric: s.metricLabel ?? s.metric,
          before: number(s.before),
          after: number(s.after),
          ratio: s.changeRatio === null ? '–' : `${s.changeRatio >= 0 ? '+' : ''}${(s.changeRatio * 100).toFixed(1)}%`,
        })
      : '';
  const cls = run.decision === 'broken' ? 'bad' : alerted ? 'alerted' : 'ok';
  return html`<span class="verdict ${cls}" data-decision="${run.decision}">${ctx.text(`web.verdict.${run.decision}`)}</span
    >${changed ? html` · <span class="change">${changed}</span>` : ''}`;
}

export function schedulesBody(ctx: PageContext, rows: { row: ScheduleRow; last: StoredRun | null }[]): Html {
  const t = ctx.text;
  if (rows.length === 0)
    return html`<h1>${t('web.schedules.heading')}</h1>
      <p>${t('web.schedules.none', { command: 'baton schedule add' })}</p>`;
  return html`<h1>${t('web.schedules.heading')}</h1>
    <table class="runs schedules">
      <thead>
        <tr>
          <th scope="col">ID</th>
          <th scope="col">${t('web.run.question')}</th>
          <th scope="col">${t('web.schedules.when')}</th>
          <th scope="col">${t('web.schedules.timezone')}</th>
          <th scope="col">${t('web.schedules.state')}</th>
          <th scope="col">${t('web.schedules.next')}</th>
          <th scope="col">${t('web.schedules.last')}</th>
        </tr>
      </thead>
      <tbody>
        ${rows.map(
          ({ row, last }) =>
            html`<tr data-schedule="${row.id}">
              <td><a href="/schedules/${encodeURIComponent(row.id)}">${row.id}</a></td>
              <td>${row.question}</td>
              <td><code>${when(ctx, row)}</code></td>
              <td>${row.timezone}</td>
              <td class="schedule-state">${row.paused ? t('web.schedules.paused') : t('web.schedules.active')}</td>
              <td>${utc(row.next)}</td>
              <td>${verdict(ctx, last)}</td>
            </tr>`,
        )}
      </tbody>
    </table>`;
}

function runsTable(ctx: PageContext, runs: StoredRun[], uiLink: (id: string) => string): Html {
  const t = ctx.text;
  if (runs.length === 0) return html`<p>${t('web.schedule.no-runs')}</p>`;
  return html`<table class="runs schedule-runs">
    <thead>
      <tr>
        <th scope="col">${t('web.schedule.scheduled')}</th>
        <th scope="col">${t('web.schedule.as-of')}</th>
        <th scope="col">${t('web.runs.status')}</th>
        <th scope="col">${t('web.schedule.verdict')}</th>
        <th scope="col">${t('web.schedule.run')}</th>
        <th scope="col">${t('web.runs.actions')}</th>
      </tr>
    </thead>
    <tbody>
      ${runs.map(
        (r) =>
          html`<tr data-scheduled="${r.scheduledTime}">
            <td>${utc(r.scheduledTime)}</td>
            <td>${r.asOf}</td>
            <td class="run-status">${r.summary.status}</td>
            <td>${verdict(ctx, r)}</td>
            <td><a class="run-link" href="/runs/${encodeURIComponent(r.runId)}">${r.runId}</a></td>
            <td><a href="${uiLink(r.workflowId)}">${t('web.runs.temporal')}</a></td>
          </tr>`,
      )}
    </tbody>
  </table>`;
}

function alertsTable(ctx: PageContext, alerts: StoredAlert[]): Html {
  const t = ctx.text;
  if (alerts.length === 0) return html`<p>${t('web.schedule.no-alerts')}</p>`;
  return html`<table class="runs schedule-alerts">
    <thead>
      <tr>
        <th scope="col">${t('web.schedule.alerts')}</th>
        <th scope="col">${t('web.schedule.sink')}</th>
        <th scope="col">${t('web.schedule.delivery')}</th>
        <th scope="col">${t('web.schedule.attempts')}</th>
      </tr>
    </thead>
    <tbody>
      ${alerts.map(
        (a) =>
          html`<tr data-alert="${a.key}">
            <td>${a.headline}</td>
            <td><code>${a.sink}</code></td>
            <td class="${a.deliveredAt ? 'ok' : 'bad'}">
              ${a.deliveredAt ? t('web.schedule.delivered', { at: utc(a.deliveredAt) }) : t('web.schedule.failing', { error: a.lastError ?? '–' })}
            </td>
            <td>${a.attempts}</td>
          </tr>`,
      )}
    </tbody>
  </table>`;
}

export interface ScheduleParts {
  row: ScheduleRow;
  runs: StoredRun[];
  alerts: StoredAlert[];
  uiLink: (workflowId: string) => string;
}

export function scheduleBody(ctx: PageContext, p: ScheduleParts): Html {
  const t = ctx.text;
  const { row } = p;
  return html`<h1>${t('web.schedule.heading', { id: row.id })}</h1>
    <p class="question">${row.question}</p>
    <p class="note">
      <code>${when(ctx, row)}</code> · ${row.timezone} ·
      <span class="schedule-state">${row.paused ? t('web.schedules.paused') : t('web.schedules.active')}</span> ·
      ${t('web.schedules.next')}: ${utc(row.next)}
    </p>
    <section aria-labelledby="runs-heading">
      <h2 id="runs-heading">${t('web.schedule.runs')}</h2>
      ${runsTable(ctx, p.runs, p.uiLink)}
    </section>
    <section aria-labelledby="alerts-heading">
      <h2 id="alerts-heading">${t('web.schedule.alerts')}</h2>
      ${alertsTable(ctx, p.alerts)}
    </section>`;
}
