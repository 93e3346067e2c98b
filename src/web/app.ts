/**
 * `baton web`'s server: Node's own HTTP server, pages rendered on the server from TypeScript (src/web/pages), one
 * small script of its own for the live checklist and the citation dialog, no client framework and no CDN. It talks
 * to Temporal through the CLI's client (src/cli/temporal.ts) and reads run records and artifacts from PostgreSQL as
 * the CLI does.
 */
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { APP_CSS, APP_JS } from './assets';
import { contextFor, readForm, redirect, securityHeaders, send } from './http';
import { layout, messagePage, type PageContext } from './pages/layout';
import { loginBody } from './pages/pages';
import { askPage, askAction, catalogsPage, runsPage } from './page-routes';
import { cancelAction, progressEvents, reportDownload, reviewAction, runPage } from './run-routes';
import { NoSuchRun } from './runs';
import { schedulePage, schedulesPage } from './schedules';
import { NotFound, type WebApp } from './context';
import { rightSecret, sameSiteAction, signedIn, SIGNED_IN_COOKIE } from './security';

function asset(req: IncomingMessage, res: ServerResponse, path: string): boolean {
  const body = path === '/assets/app.js' ? APP_JS : path === '/assets/app.css' ? APP_CSS : null;
  if (body === null) return false;
  const type = path.endsWith('.js') ? 'text/javascript; charset=utf-8' : 'text/css; charset=utf-8';
  res.writeHead(200, { 'Content-Type': type, 'Content-Length': Buffer.byteLength(body), 'Cache-Control': 'public, max-age=3600' });
  res.end(body);
  return true;
}

async function login(app: WebApp, ctx: PageContext, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const next = ctx.url.searchParams.get('next') ?? '/';
  if (req.method !== 'POST')
    return send(res, app.access ? 401 : 200, layout(ctx, ctx.text('web.login.heading'), loginBody(ctx, next, false)));
  const form = await readForm(req);
  const target = (form.get('next') ?? '/').startsWith('/') && !(form.get('next') ?? '').startsWith('//') ? (form.get('next') ?? '/') : '/';
  if (!app.access || !sameSiteAction(req, form.get('_csrf') ?? undefined) || !rightSecret(form.get('token') ?? '', app.access))
    return send(res, 401, layout(ctx, ctx.text('web.login.heading'), loginBody(ctx, target, true)));
  res.setHeader('Set-Cookie', `${SIGNED_IN_COOKIE}=${app.signer.sign('signed-in')}; Path=/; HttpOnly; SameSite=Strict`);
  redirect(res, target);
}

/** The routes behind sign-in; GET pages and POST actions (each checked against cross-site requests first). */
async function route(app: WebApp, ctx: PageContext, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const parts = ctx.url.pathname.split('/').filter(Boolean).map(decodeURIComponent);
  const post = req.method === 'POST';
  const form = post ? await readForm(req) : new URLSearchParams();
  if (post && !sameSiteAction(req, form.get('_csrf') ?? undefined))
    return send(res, 403, messagePage(ctx, ctx.text('web.error.forbidden'), ctx.text('web.error.cross-site')));
  const [first, id, sub] = parts;
  if (app.followUp && (first === 'sessions' || sub === 'follow-up') && (await app.followUp.route(app, ctx, req, res, parts, form))) return;
  if (!first && !post) return askPage(app, ctx, res);
  if (first === 'ask' && post && parts.length === 1) return askAction(app, ctx, res, form);
  if (first === 'runs' && !id && !post) return runsPage(app, ctx, res);
  if (first === 'catalogs' && !id && !post) return catalogsPage(app, ctx, res);
  if (first === 'schedules' && !post && !sub) return id ? schedulePage(app, ctx, res, id) : schedulesPage(app, ctx, res);
  if (first === 'runs' && id && parts.length <= 3) {
    if (!sub && !post) return runPage(app, ctx, res, id);
    if (sub === 'events' && !post) return progressEvents(app, ctx, req, res, id);
    if (sub === 'review' && post) return reviewAction(app, ctx, res, id, form);
    if (sub === 'cancel' && post) return cancelAction(app, ctx, res, id, form);
    const format = /^report\.(md|html|docx)$/.exec(sub ?? '')?.[1] as 'md' | 'html' | 'docx' | undefined;
    if (format && !post) return reportDownload(app, ctx, res, id, format);
  }
  if (first === 'sessions' && id) throw new NotFound('web.error.no-session', id);
  throw new NotFound('web.error.no-page', ctx.url.pathname);
}

async function handle(app: WebApp, req: IncomingMessage, res: ServerResponse): Promise<void> {
  securityHeaders(res);
  const url = new URL(req.url ?? '/', 'http://page.invalid');
  if (req.method === 'GET' && asset(req, res, url.pathname)) return;
  const ctx = contextFor(req, res, url);
  try {
    if (url.pathname === '/login') return await login(app, ctx, req, res);
    if (!signedIn(req, app.access, app.signer)) {
      if (req.method === 'GET' && !url.pathname.endsWith('/events'))
        return redirect(res, `/login?next=${encodeURIComponent(url.pathname + url.search)}`);
      return send(res, 401, layout(ctx, ctx.text('web.login.heading'), loginBody(ctx, '/', false)));
    }
    await route(app, ctx, req, res);
  } catch (err) {
    if (res.headersSent) return void res.end();
    if (err instanceof NoSuchRun)
      return send(res, 404, messagePage(ctx, ctx.text('web.error.not-found'), ctx.text('web.error.no-run', { id: err.workflowId })));
    if (err instanceof NotFound) {
      const message = err.key === 'web.error.no-page' ? ctx.text(err.key, { path: err.subject }) : ctx.text(err.key, { id: err.subject });
      return send(res, 404, messagePage(ctx, ctx.text('web.error.not-found'), message));
    }
    console.error(`baton web: ${req.method} ${url.pathname}: ${(err as Error).stack ?? String(err)}`);
    send(res, 500, messagePage(ctx, ctx.text('web.error.failed'), (err as Error).message));
  }
}

export interface RunningWeb {
  url: string;
  server: http.Server;
  close(): Promise<void>;
}

export async function startWeb(app: WebApp, host: string, port: number): Promise<RunningWeb> {
  const server = http.createServer((req, res) => void handle(app, req, res));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const address = server.address() as AddressInfo;
  const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    url: `http://${shownHost}:${address.port}`,
    server,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
