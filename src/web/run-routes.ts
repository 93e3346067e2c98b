/** The routes of one run: its page (Watch, Review or Read), its live checklist (server-sent events), decisions, cancel, downloads. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ReviewDecision } from '../contracts';
import { cancelRun } from '../cli/commands/runs';
import { webUiLink } from '../cli/temporal';
import { renderReport, toHtml, type ReportFormat } from '../report/render';
import { html, type Html } from './html';
import { redirect, send } from './http';
import { layout, messagePage, type PageContext } from './pages/layout';
import { liveHtml, readBody, watchBody, type ReadParts } from './pages/run';
import { citationDetails, decide, progress, runReport, runResult, runState, type RunState } from './runs';
import type { WebApp } from './context';

/** Finished runs do not change: their rendered report and citations are kept (the most recent 50). */
const finished = new Map<string, Promise<Omit<ReadParts, 'followUp'>>>();

function readParts(app: WebApp, workflowId: string): Promise<Omit<ReadParts, 'followUp'>> {
  const hit = finished.get(workflowId);
  if (hit) return hit;
  const parts = (async () => {
    const result = await runResult(app.client, workflowId);
    const report = await runReport(result);
    return {
      workflowId,
      result,
      report,
      reportHtml: report ? await toHtml(report) : null,
      details: report ? await citationDetails(result, report) : [],
      uiLink: webUiLink(app.config, workflowId),
    };
  })();
  parts.catch(() => finished.delete(workflowId));
  finished.set(workflowId, parts);
  if (finished.size > 50) finished.delete(finished.keys().next().value ?? '');
  return parts;
}

export async function runPage(app: WebApp, ctx: PageContext, res: ServerResponse, workflowId: string): Promise<void> {
  const state: RunState = await runState(app.client, workflowId);
  if (state.kind === 'running') {
    const body = watchBody(ctx, workflowId, state.question, state.progress, webUiLink(app.config, workflowId));
    return send(res, 200, layout(ctx, ctx.text('web.run.heading', { id: workflowId }), body));
  }
  const parts = await readParts(app, workflowId);
  const followUp: Html = app.followUp ? await app.followUp.form(app, ctx, parts.result, workflowId) : html``;
  send(res, 200, layout(ctx, parts.result.question, readBody(ctx, { ...parts, followUp })));
}

const POLL_MS = 120;
const DESCRIBE_EVERY_MS = 1000;

/**
 * The live checklist as server-sent events: the progress query every POLL_MS (never the event history), an event
 * `checklist` with the rendered fragment only when it changed, and `done` once the run has ended.
 */
export async function progressEvents(
  app: WebApp,
  ctx: PageContext,
  req: IncomingMessage,
  res: ServerResponse,
  workflowId: string,
): Promise<void> {
  await runState(app.client, workflowId); // NoSuchRun → 404 before the stream opens
  res.writeHead(200, { 'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': 'no-store', Connection: 'keep-alive' });
  res.write(': progress of the run, from its progress query\n\n');
  let open = true;
  req.on('close', () => {
    open = false;
  });
  const event = (name: string, data: string) =>
    res.write(
      `event: ${name}\n${data
        .split('\n')
        .map((l) => `data: ${l}`)
        .join('\n')}\n\n`,
    );
  let last = '';
  let described = Date.now();
  while (open) {
    const now = await progress(app.client, workflowId).catch(() => null);
    const fragment = liveHtml(ctx, workflowId, now).text;
    if (fragment !== last) {
      event('checklist', fragment);
      last = fragment;
    }
    let ended = now?.phase === 'done';
    if (!ended && Date.now() - described > DESCRIBE_EVERY_MS) {
      described = Date.now();
      ended = (await runState(app.client, workflowId).catch(() => null))?.kind === 'closed';
    }
    if (ended) {
      event('done', '');
      break;
    }
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
  res.end();
}

function decisionOf(form: URLSearchParams): ReviewDecision | null {
  const action = form.get('action');
  const feedback = form.get('feedback')?.trim() ?? '';
  if (action === 'approve') return { action: 'approve' };
  if (action === 'reject') return { action: 'reject', ...(feedback ? { feedback } : {}) };
  if (action === 'revise' && feedback) return { action: 'revise', feedback };
  return null;
}

export async function reviewAction(
  app: WebApp,
  ctx: PageContext,
  res: ServerResponse,
  workflowId: string,
  form: URLSearchParams,
): Promise<void> {
  const decision = decisionOf(form);
  const refused = (reason: string) =>
    send(
      res,
      409,
      messagePage(ctx, ctx.text('web.error.failed'), ctx.text('web.review.refused', { action: form.get('action') ?? '', reason })),
    );
  if (!decision) return refused('revise needs feedback for the planner');
  try {
    await decide(app.client, workflowId, decision);
  } catch (err) {
    if ((err as Error).name === 'Error') return refused((err as Error).message);
    throw err;
  }
  redirect(res, `/runs/${encodeURIComponent(workflowId)}`);
}

export async function cancelAction(
  app: WebApp,
  ctx: PageContext,
  res: ServerResponse,
  workflowId: string,
  form: URLSearchParams,
): Promise<void> {
  await runState(app.client, workflowId);
  try {
    await cancelRun(app.client, workflowId, form.get('reason')?.trim() || 'cancelled from the web page');
  } catch (err) {
    return send(res, 409, messagePage(ctx, ctx.text('web.error.failed'), (err as Error).message));
  }
  redirect(res, `/runs/${encodeURIComponent(workflowId)}`);
}

const TYPES: Record<ReportFormat, string> = {
  md: 'text/markdown; charset=utf-8',
  html: 'text/html; charset=utf-8',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};

export async function reportDownload(
  app: WebApp,
  ctx: PageContext,
  res: ServerResponse,
  workflowId: string,
  format: ReportFormat,
): Promise<void> {
  const { report } = await readParts(app, workflowId);
  if (!report) return send(res, 404, messagePage(ctx, ctx.text('web.error.not-found'), ctx.text('web.read.no-report')));
  const body = await renderReport(report, format);
  res.setHeader('Content-Disposition', `attachment; filename="${workflowId.replace(/[^\w.-]/g, '_')}.${format}"`);
  send(res, 200, typeof body === 'string' ? body : Buffer.from(body), TYPES[format]);
}
