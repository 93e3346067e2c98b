/** The Ask page and its action, the Runs list (the CLI's filters) and the Catalogs page (with `catalog check`). */
import type { ServerResponse } from 'node:http';
import { loadCatalog } from '../catalog/catalog';
import { listRuns, RUN_INTENTS, RUN_STATUSES, type RunListStatus, type RunRow } from '../cli/commands/runs';
import { webUiLink } from '../cli/temporal';
import { MAX_QUESTION_LENGTH } from '../settings/limits';
import { checkKnownCatalog, knownCatalogs, suggestions } from './catalogs';
import type { WebApp } from './context';
import { redirect, send } from './http';
import { layout, type PageContext } from './pages/layout';
import { askBody, catalogsBody, runsBody, type CatalogRow, type RunsFilter } from './pages/pages';
import { BadQuestion, startRun } from './runs';

function askHtml(app: WebApp, ctx: PageContext, chosen: string | null, error?: string, question?: string): string {
  const catalogs = knownCatalogs(app.config, app.env);
  const selected = catalogs.find((c) => c.id === chosen) ?? catalogs.find((c) => c.isDefault) ?? catalogs[0];
  const groups = catalogs.flatMap((c) => {
    try {
      return [{ catalog: c.id, questions: suggestions(loadCatalog(c.file), ctx.language) }];
    } catch {
      return [];
    }
  });
  return layout(ctx, ctx.text('web.ask.heading'), askBody(ctx, { catalogs, selected, suggestions: groups, error, question }));
}

export function askPage(app: WebApp, ctx: PageContext, res: ServerResponse): void {
  send(res, 200, askHtml(app, ctx, ctx.url.searchParams.get('catalog')));
}

export async function askAction(app: WebApp, ctx: PageContext, res: ServerResponse, form: URLSearchParams): Promise<void> {
  const question = form.get('question') ?? '';
  const chosen = form.get('catalog');
  const catalog = knownCatalogs(app.config, app.env).find((c) => c.id === chosen);
  if (!catalog) return send(res, 400, askHtml(app, ctx, null, ctx.text('web.ask.unknown-catalog', { catalog: chosen ?? '' }), question));
  try {
    const id = await startRun(app.client, app.config, { question, catalog, review: form.get('review') === '1' });
    redirect(res, `/runs/${encodeURIComponent(id)}`);
  } catch (err) {
    if (!(err instanceof BadQuestion)) throw err;
    const message = err.key === 'web.ask.too-long' ? ctx.text(err.key, { max: MAX_QUESTION_LENGTH }) : ctx.text(err.key);
    send(res, 400, askHtml(app, ctx, catalog.id, message, question));
  }
}

export async function runsPage(app: WebApp, ctx: PageContext, res: ServerResponse): Promise<void> {
  const params = ctx.url.searchParams;
  const pick = <T extends string>(name: string, allowed: readonly T[]) => {
    const value = params.get(name);
    return value && (allowed as readonly string[]).includes(value) ? (value as T) : undefined;
  };
  const filter: RunsFilter = {
    status: pick<RunListStatus>('status', RUN_STATUSES),
    intent: pick('intent', RUN_INTENTS),
    since: params.get('since')?.trim() || undefined,
  };
  let rows: RunRow[] = [];
  let error: string | undefined;
  try {
    rows = await listRuns(app.client, {
      status: filter.status as RunListStatus | undefined,
      intent: filter.intent,
      since: filter.since,
      limit: 50,
    });
  } catch (err) {
    // A --since the CLI would refuse: the same message here.
    error = (err as Error).message;
  }
  send(
    res,
    error ? 400 : 200,
    layout(
      ctx,
      ctx.text('web.runs.heading'),
      runsBody(ctx, filter, rows, (id) => webUiLink(app.config, id), error),
    ),
  );
}

export async function catalogsPage(app: WebApp, ctx: PageContext, res: ServerResponse): Promise<void> {
  const rows: CatalogRow[] = await Promise.all(
    knownCatalogs(app.config, app.env).map(async (known) => {
      try {
        const catalog = loadCatalog(known.file);
        return { known, catalog, check: await checkKnownCatalog(known), error: null };
      } catch (err) {
        return { known, catalog: null, check: null, error: (err as Error).message };
      }
    }),
  );
  send(res, 200, layout(ctx, ctx.text('web.catalogs.heading'), catalogsBody(ctx, rows)));
}
