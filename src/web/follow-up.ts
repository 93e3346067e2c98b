/**
 * Follow up: the box under an answer continues the conversation through the session API (src/sessions/client.ts).
 * A run that is a session's turn (its BatonSession search attribute) sends the message to its session; a run asked
 * on its own starts a session with the run's catalog, asks the run's question as its first turn and the message as
 * the second. The session's page lists its turns, each linked to its run's page (Watch, then Read).
 */
import type { Client } from '@temporalio/client';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AnalysisResult, Choice } from '../contracts';
import type { SessionView } from '../contracts/session';
import { askInSession, describeSession, startSession, UnknownSession } from '../sessions/client';
import { SESSION_ATTRIBUTE } from '../temporal/search-attributes';
import { knownCatalogs } from './catalogs';
import { NotFound, type FollowUp, type WebApp } from './context';
import { html, type Html } from './html';
import { redirect, send } from './http';
import { csrfField, layout, type PageContext } from './pages/layout';
import { NoSuchRun } from './runs';

async function sessionOf(client: Client, workflowId: string): Promise<{ session: string | null; catalog: string | null }> {
  const d = await client.workflow.getHandle(workflowId).describe();
  return {
    session: d.typedSearchAttributes.get(SESSION_ATTRIBUTE) ?? null,
    catalog: ((d.memo ?? {}) as { webCatalog?: string }).webCatalog ?? null,
  };
}

function followUpForm(ctx: PageContext, action: string): Html {
  const t = ctx.text;
  return html`<section id="follow-up-section" aria-labelledby="follow-up-heading">
    <h2 id="follow-up-heading">${t('web.read.follow-up')}</h2>
    <form method="post" action="${action}">
      ${csrfField(ctx)}<label for="follow-up-question">${t('web.follow-up.label')}</label
      ><textarea id="follow-up-question" name="question" required></textarea>
      <div class="row"><button type="submit" id="follow-up">${t('web.follow-up.submit')}</button></div>
    </form>
  </section>`;
}

/** Questions this server is still sending to each session (its page keeps reloading until they are answered). */
const pending = new Map<string, number>();

/** Asks in the background, in order (a turn's Update returns when its run ends); errors go to the server's log. */
function askLater(app: WebApp, sessionId: string, questions: string[]): void {
  pending.set(sessionId, (pending.get(sessionId) ?? 0) + questions.length);
  void (async () => {
    for (const question of questions) {
      try {
        await askInSession(app.client, sessionId, question, { config: app.config });
      } finally {
        pending.set(sessionId, (pending.get(sessionId) ?? 1) - 1);
      }
    }
  })().catch((err: unknown) => console.error(`baton web: session ${sessionId}: ${(err as Error).message}`));
}

/** Waits (up to 5 s) until the session shows the new turn, running or answered, so its page lists it. */
async function untilTaken(app: WebApp, sessionId: string, turnsBefore: number): Promise<void> {
  const deadline = Date.now() + 5000;
  while (Date.now() < deadline) {
    const view = await describeSession(app.client, sessionId).catch(() => null);
    if (view && (view.running || view.turns.length > turnsBefore)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function view(app: WebApp, sessionId: string): Promise<SessionView> {
  try {
    return await describeSession(app.client, sessionId);
  } catch (err) {
    if (err instanceof UnknownSession) throw new NotFound('web.error.no-session', sessionId);
    throw err;
  }
}

function sessionBody(ctx: PageContext, s: SessionView): Html {
  const t = ctx.text;
  const run = (id: string | null, key: 'web.session.watch' | 'web.session.read') =>
    id ? html` · <a href="/runs/${encodeURIComponent(id)}">${t(key)}</a>` : '';
  return html`<h1>${t('web.session.heading', { id: s.sessionId })}</h1>
    <p class="note">${t('web.session.catalog', { catalog: s.catalog })}</p>
    <h2>${t('web.session.turns')}</h2>
    ${s.turns.length === 0 ? html`<p>${t('web.session.none')}</p>` : ''}
    <ol class="turns">
      ${s.turns.map(
        (turn) =>
          html`<li class="turn" data-turn="${turn.turn}">
            <strong>${t('web.session.turn', { n: turn.turn })}</strong> ${turn.question} —
            <span class="turn-status">${turn.status}</span
            >${run(turn.workflowId, 'web.session.read')}${turn.resolved_question && turn.resolved_question !== turn.question ? html`<br /><span class="note">${t('web.session.resolved', { question: turn.resolved_question })}</span>` : ''}<br /><span
              class="turn-headline"
              >${turn.headline}</span
            >
          </li>`,
      )}
    </ol>
    ${s.running ? html`<p id="session-running">${t('web.session.running', { question: s.running.question })}${run(s.running.workflowId, 'web.session.watch')}</p>` : ''}
    ${s.queued > 0 ? html`<p>${t('web.session.queued', { count: s.queued })}</p>` : ''}
    ${s.running ? '' : choicesForm(ctx, `/sessions/${encodeURIComponent(s.sessionId)}/ask`, s.choices)}
    ${followUpForm(ctx, `/sessions/${encodeURIComponent(s.sessionId)}/ask`)}`;
}

/**
 * The answers a question back offered, each a button that sends its number as the next message: the session's
 * follow-up agent reads it as that choice (src/model/followup/choice.ts).
 */
function choicesForm(ctx: PageContext, action: string, choices: readonly Choice[]): Html | '' {
  if (choices.length === 0) return '';
  return html`<form id="choices" method="post" action="${action}">
    ${csrfField(ctx)}
    <p>${ctx.text('web.session.choices')}</p>
    ${choices.map((c, i) => html`<button type="submit" class="choice" name="question" value="${String(i + 1)}">${c.label}</button> `)}
  </form>`;
}

async function sessionPage(app: WebApp, ctx: PageContext, res: ServerResponse, sessionId: string): Promise<void> {
  const s = await view(app, sessionId);
  // While a turn runs, the page reloads itself every 2 s (its run's own page has the live checklist).
  const busy = s.running !== null || s.queued > 0 || (pending.get(s.sessionId) ?? 0) > 0;
  const page = layout(ctx, ctx.text('web.session.heading', { id: s.sessionId }), sessionBody(ctx, s), busy ? 2 : undefined);
  send(res, 200, page);
}

/** POST /runs/:id/follow-up: a session for the run's catalog, the run's question as its first turn, the message as the next. */
async function followUpOfRun(app: WebApp, res: ServerResponse, workflowId: string, question: string): Promise<void> {
  const { session, catalog } = await sessionOf(app.client, workflowId).catch(() => {
    throw new NoSuchRun(workflowId);
  });
  if (session) return askInto(app, res, session, question);
  const known = knownCatalogs(app.config, app.env);
  const chosen = known.find((c) => c.id === catalog) ?? known.find((c) => c.isDefault);
  const named = chosen && !chosen.isDefault ? { catalogPath: chosen.file, databaseUrl: chosen.databaseUrl } : {};
  const original =
    (await app.client.workflow
      .getHandle(workflowId)
      .describe()
      .then((d) => d.staticSummary())) ?? '';
  const { sessionId } = await startSession(app.client, { config: app.config, ...named });
  askLater(
    app,
    sessionId,
    [original, question].filter((q) => q.trim()),
  );
  await untilTaken(app, sessionId, 0);
  redirect(res, `/sessions/${encodeURIComponent(sessionId)}`);
}

async function askInto(app: WebApp, res: ServerResponse, sessionId: string, question: string): Promise<void> {
  const before = (await view(app, sessionId)).turns.length;
  askLater(app, sessionId, [question]);
  await untilTaken(app, sessionId, before);
  redirect(res, `/sessions/${encodeURIComponent(sessionId)}`);
}

export function followUpPart(): FollowUp {
  return {
    async form(app, ctx, result: AnalysisResult, workflowId) {
      const { session } = await sessionOf(app.client, workflowId).catch(() => ({ session: null }));
      const action = session ? `/sessions/${encodeURIComponent(session)}/ask` : `/runs/${encodeURIComponent(workflowId)}/follow-up`;
      // A run asked on its own that asked back offers its answers: a click starts a session with its question, then the
      // choice. A session's turn offers them on the session's page, while they are still the latest.
      const plan = result.plan;
      const offered = !session && (plan.kind === 'needs_clarification' || plan.kind === 'cannot_answer') ? (plan.choices ?? []) : [];
      return html`${choicesForm(ctx, action, offered)} ${followUpForm(ctx, action)}`;
    },
    async route(app, ctx, req: IncomingMessage, res, parts, form) {
      const [first, id, sub] = parts;
      const post = req.method === 'POST';
      const question = form.get('question')?.trim() ?? '';
      if (!id) return false;
      if (first === 'runs' && sub === 'follow-up' && post && question) await followUpOfRun(app, res, id, question);
      else if (first === 'sessions' && !sub && !post) await sessionPage(app, ctx, res, id);
      else if (first === 'sessions' && sub === 'ask' && post && question) await askInto(app, res, id, question);
      else return false;
      return true;
    },
  };
}
