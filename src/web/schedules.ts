/**
 * The Schedules page and a schedule's page (read-only): what `baton schedule list` and `show` print, read the same
 * way: the schedules from Temporal (client.schedule), each run's verdict and each alert's delivery from
 * baton.schedule_runs and baton.schedule_alerts in the system database.
 */
import type { ServerResponse } from 'node:http';
import { ScheduleNotFoundError, type ScheduleDescription } from '@temporalio/client';
import { webUiLink } from '../cli/temporal';
import { configOf } from '../schedules/service';
import { scheduleAlerts, scheduleRuns } from '../schedules/store';
import { NotFound, type WebApp } from './context';
import { send } from './http';
import { layout, type PageContext } from './pages/layout';
import { scheduleBody, schedulesBody, type ScheduleRow } from './pages/schedules';

/** When the schedule runs: its cron expressions, else its intervals in milliseconds. */
function whenOf(d: ScheduleDescription): { cron: string | null; everyMs: number | null } {
  const spec = d.spec as { cronExpressions?: string[]; intervals?: { every: number | string }[] };
  const cron = spec.cronExpressions?.[0] ?? null;
  const every = spec.intervals?.[0]?.every;
  return { cron, everyMs: typeof every === 'number' ? every : every !== undefined ? Number(every) || null : null };
}

function rowOf(id: string, d: ScheduleDescription): ScheduleRow | null {
  const c = configOf(d);
  if (!c) return null;
  return {
    id,
    question: c.question,
    timezone: c.timezone,
    paused: d.state.paused,
    next: d.info.nextActionTimes[0]?.toISOString() ?? null,
    ...whenOf(d),
  };
}

export async function schedulesPage(app: WebApp, ctx: PageContext, res: ServerResponse): Promise<void> {
  const rows: { row: ScheduleRow; last: Awaited<ReturnType<typeof scheduleRuns>>[number] | null }[] = [];
  for await (const s of app.client.schedule.list()) {
    const row = rowOf(s.scheduleId, await app.client.schedule.getHandle(s.scheduleId).describe());
    if (!row) continue;
    const [last] = await scheduleRuns(app.config.databaseUrl, s.scheduleId, 1);
    rows.push({ row, last: last ?? null });
  }
  rows.sort((a, b) => a.row.id.localeCompare(b.row.id));
  send(res, 200, layout(ctx, ctx.text('web.schedules.heading'), schedulesBody(ctx, rows)));
}

export async function schedulePage(app: WebApp, ctx: PageContext, res: ServerResponse, id: string): Promise<void> {
  let described: ScheduleDescription;
  try {
    described = await app.client.schedule.getHandle(id).describe();
  } catch (err) {
    if (err instanceof ScheduleNotFoundError) throw new NotFound('web.error.no-schedule', id);
    throw err;
  }
  const row = rowOf(id, described);
  if (!row) throw new NotFound('web.error.no-schedule', id);
  const [runs, alerts] = await Promise.all([scheduleRuns(app.config.databaseUrl, id), scheduleAlerts(app.config.databaseUrl, id)]);
  const body = scheduleBody(ctx, { row, runs, alerts, uiLink: (workflowId) => webUiLink(app.config, workflowId) });
  send(res, 200, layout(ctx, ctx.text('web.schedule.heading', { id }), body));
}
