/** The plumbing of one request: the language, the form token, the security headers, bodies and replies. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Language } from '../contracts';
import { CSRF_COOKIE, csrfToken, parseCookies } from './security';
import { pageContext, type PageContext } from './pages/layout';

export const LANGUAGE_COOKIE = 'baton_lang';

/** The page's language: ?lang=, else the switch's cookie, else the first of zh / en in Accept-Language, else English. */
export function languageOf(req: IncomingMessage, url: URL): { language: Language; chosen: boolean } {
  const asked = url.searchParams.get('lang');
  if (asked === 'zh' || asked === 'en') return { language: asked, chosen: true };
  const cookie = parseCookies(req)[LANGUAGE_COOKIE];
  if (cookie === 'zh' || cookie === 'en') return { language: cookie, chosen: false };
  const ranked = (req.headers['accept-language'] ?? '')
    .split(',')
    .map((part, i) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = Number(params.find((p) => p.trim().startsWith('q='))?.split('=')[1] ?? '1');
      return { primary: tag.toLowerCase().split('-')[0] ?? '', q: Number.isFinite(q) ? q : 0, i };
    })
    .filter((x) => (x.primary === 'zh' || x.primary === 'en') && x.q > 0)
    .sort((a, b) => b.q - a.q || a.i - b.i);
  return { language: ranked[0]?.primary === 'zh' ? 'zh' : 'en', chosen: false };
}

/** Scripts and styles from the page's own origin only (styles may be inline: the report's SVG charts carry some). */
export const CONTENT_SECURITY_POLICY =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'self'";

export function securityHeaders(res: ServerResponse): void {
  res.setHeader('Content-Security-Policy', CONTENT_SECURITY_POLICY);
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('X-Frame-Options', 'DENY');
  res.setHeader('Referrer-Policy', 'same-origin');
}

/** The request's page context; sets the form token's and the language switch's cookies when they are new. */
export function contextFor(req: IncomingMessage, res: ServerResponse, url: URL): PageContext {
  const { language, chosen } = languageOf(req, url);
  const csrf = csrfToken(req);
  const cookies: string[] = [];
  if (csrf.fresh) cookies.push(`${CSRF_COOKIE}=${csrf.token}; Path=/; HttpOnly; SameSite=Strict`);
  if (chosen) cookies.push(`${LANGUAGE_COOKIE}=${language}; Path=/; SameSite=Lax; Max-Age=31536000`);
  if (cookies.length > 0) res.setHeader('Set-Cookie', cookies);
  return pageContext(language, csrf.token, url);
}

export function send(res: ServerResponse, status: number, body: string | Buffer, type = 'text/html; charset=utf-8'): void {
  res.writeHead(status, { 'Content-Type': type, 'Content-Length': Buffer.byteLength(body), 'Cache-Control': 'no-store' });
  res.end(body);
}

export function redirect(res: ServerResponse, location: string): void {
  res.writeHead(303, { Location: location });
  res.end();
}

const MAX_BODY = 64 * 1024;

/** A form's fields (application/x-www-form-urlencoded), at most 64 KiB. */
export async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY) throw new Error('the form is too large');
    chunks.push(chunk);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}
