/**
 * The page's safety: who may use it, and which requests may act.
 *
 *   access   bound to a loopback address (127.0.0.1, ::1, localhost) nobody signs in; bound to any other address the
 *            server refuses to start without BATON_WEB_TOKEN (or BATON_WEB_BASIC_AUTH, "user:password"), and then every
 *            request needs it: an `Authorization: Bearer <token>` / Basic header, or the sign-in form's cookie.
 *   actions  every POST (ask, approve, revise, reject, cancel, follow up) must come from the page's own origin (Origin,
 *            else Referer) and carry the form token that matches its SameSite=Strict cookie (double submit).
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

export interface Access {
  /** The bearer token (BATON_WEB_TOKEN), when set. */
  token?: string;
  /** Basic auth as "user:password" (BATON_WEB_BASIC_AUTH), when set. */
  basic?: string;
}

export class AccessSettingsError extends Error {}

const LOOPBACK = new Set(['127.0.0.1', '::1', 'localhost']);

export function isLocalHost(host: string): boolean {
  return LOOPBACK.has(host.toLowerCase());
}

/** The access the server needs on this host: none on loopback, else a token or basic auth, or it does not start. */
export function accessFor(host: string, env: NodeJS.ProcessEnv = process.env): Access | null {
  const token = env.BATON_WEB_TOKEN?.trim() || undefined;
  const basic = env.BATON_WEB_BASIC_AUTH?.trim() || undefined;
  if (basic !== undefined && !basic.includes(':')) throw new AccessSettingsError('BATON_WEB_BASIC_AUTH must be written user:password');
  if (isLocalHost(host)) return token || basic ? { token, basic } : null;
  if (!token && !basic)
    throw new AccessSettingsError(
      `baton web on ${host} is reachable from other machines: set BATON_WEB_TOKEN (or BATON_WEB_BASIC_AUTH=user:password) first, or bind to 127.0.0.1`,
    );
  return { token, basic };
}

function same(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export function parseCookies(req: IncomingMessage): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0) out[part.slice(0, at).trim()] = decodeURIComponent(part.slice(at + 1).trim());
  }
  return out;
}

/** Signs values with a secret of this process: the sign-in cookie and the form tokens. */
export class Signer {
  private readonly secret = randomBytes(32);
  sign(value: string): string {
    return createHmac('sha256', this.secret).update(value).digest('base64url');
  }
}

export const SIGNED_IN_COOKIE = 'baton_auth';
export const CSRF_COOKIE = 'baton_csrf';

/** Whether the request may see the page: no access needed, a right Authorization header, or the sign-in cookie. */
export function signedIn(req: IncomingMessage, access: Access | null, signer: Signer): boolean {
  if (!access) return true;
  const header = req.headers.authorization ?? '';
  if (access.token && header.startsWith('Bearer ') && same(header.slice(7).trim(), access.token)) return true;
  if (access.basic && header.startsWith('Basic ') && same(Buffer.from(header.slice(6).trim(), 'base64').toString('utf8'), access.basic))
    return true;
  const cookie = parseCookies(req)[SIGNED_IN_COOKIE];
  return cookie !== undefined && same(cookie, signer.sign('signed-in'));
}

/** Whether the sign-in form's secret is right: the token, or the basic auth's password (or user:password). */
export function rightSecret(given: string, access: Access): boolean {
  if (access.token && same(given, access.token)) return true;
  if (!access.basic) return false;
  return same(given, access.basic) || same(given, access.basic.slice(access.basic.indexOf(':') + 1));
}

/** The form token for this browser: read from its cookie, or a new one (the response sets it). */
export function csrfToken(req: IncomingMessage): { token: string; fresh: boolean } {
  const existing = parseCookies(req)[CSRF_COOKIE];
  if (existing && /^[A-Za-z0-9_-]{20,}$/.test(existing)) return { token: existing, fresh: false };
  return { token: randomBytes(18).toString('base64url'), fresh: true };
}

/** Whether a POST is the page's own: same origin (Origin, else Referer) and the form token equal to its cookie's. */
export function sameSiteAction(req: IncomingMessage, formToken: string | undefined): boolean {
  const host = req.headers.host;
  if (!host) return false;
  const origin = req.headers.origin ?? (req.headers.referer ? safeOrigin(req.headers.referer) : undefined);
  if (origin !== `http://${host}` && origin !== `https://${host}`) return false;
  const cookie = parseCookies(req)[CSRF_COOKIE];
  return cookie !== undefined && formToken !== undefined && same(cookie, formToken);
}

function safeOrigin(url: string): string | undefined {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}
