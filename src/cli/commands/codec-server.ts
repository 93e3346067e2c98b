/**
 * `baton codec-server`: lets the Temporal Web UI show encrypted payloads decrypted.
 *
 * With payload encryption on (see src/temporal/codec.ts) the Web UI only has ciphertext to
 * show. The UI can instead send the payloads it displays to a "codec server" of
 * your own, from your browser: paste this server's URL into the UI's
 * "Codec Server endpoint" setting. The keys never leave this process and the
 * Temporal server never sees plaintext.
 *
 * Protocol (Temporal's codec server convention):
 *
 *   POST /decode  and  POST /encode
 *   request and response body: { "payloads": [ { "metadata": { "<key>": "<base64>" }, "data": "<base64>" } ] }
 *   the UI also sends X-Namespace (and Authorization when it is told to pass credentials)
 *
 * Because anyone who can call /decode reads the plaintext, the server listens on
 * 127.0.0.1 by default and answers browsers only from one origin, the Web UI's
 * (TEMPORAL_UI_URL unless --origin says otherwise): a request whose Origin header
 * is another site gets 403 and no CORS headers. Requests without an Origin header
 * (curl, the temporal CLI's --codec-endpoint) are served.
 *
 * For a secured deployment (a Web UI served over HTTPS, or Temporal Cloud's, which only calls HTTPS endpoints):
 *   --tls-cert/--tls-key (BATON_CODEC_TLS_CERT/KEY)  serve HTTPS with this certificate and key
 *   --tls-ca (BATON_CODEC_TLS_CA)                     also require a client certificate signed by this CA (mTLS)
 *   BATON_CODEC_AUTH_TOKEN                            require "Authorization: Bearer <token>" on /encode and /decode
 *                                                     (the temporal CLI sends it with --codec-auth)
 */
import type { Payload, PayloadCodec } from '@temporalio/common';
import { timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { codecFromEnv } from '../../temporal/codec';
import { loadConfig } from '../../settings/config';
import { CliError } from '../temporal';

export const DEFAULT_CODEC_SERVER_PORT = 8081;
export const MAX_BODY_BYTES = 4 * 1024 * 1024;

export interface CodecServerOptions {
  codec: PayloadCodec;
  /** The one browser origin allowed, e.g. http://localhost:8233 (a path is ignored). */
  origin: string;
  /** 0 picks a free port. */
  port: number;
  host?: string;
  maxBodyBytes?: number;
  /** Serve HTTPS with this certificate and key (PEM); with `ca`, only to clients holding a certificate it signed. */
  tls?: { cert: Buffer; key: Buffer; ca?: Buffer };
  /** When set, /encode and /decode answer only requests carrying "Authorization: Bearer <authToken>". */
  authToken?: string;
}

interface JsonPayload {
  metadata?: Record<string, string> | null;
  data?: string | null;
}

class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

function fromBase64(value: unknown, where: string): Buffer {
  if (typeof value !== 'string' || !BASE64.test(value)) throw new HttpError(400, `${where} must be a base64 string`);
  return Buffer.from(value, 'base64');
}

function payloadFromJson(json: unknown, index: number): Payload {
  if (!json || typeof json !== 'object' || Array.isArray(json)) throw new HttpError(400, `payloads[${index}] must be an object`);
  const { metadata, data } = json as JsonPayload;
  if (metadata != null && (typeof metadata !== 'object' || Array.isArray(metadata)))
    throw new HttpError(400, `payloads[${index}].metadata must be an object`);
  return {
    metadata: Object.fromEntries(Object.entries(metadata ?? {}).map(([k, v]) => [k, fromBase64(v, `payloads[${index}].metadata.${k}`)])),
    data: data == null ? new Uint8Array() : fromBase64(data, `payloads[${index}].data`),
  };
}

function payloadToJson(payload: Payload): JsonPayload {
  return {
    metadata: Object.fromEntries(Object.entries(payload.metadata ?? {}).map(([k, v]) => [k, Buffer.from(v).toString('base64')])),
    data: Buffer.from(payload.data ?? new Uint8Array()).toString('base64'),
  };
}

function parseRequest(body: Buffer): Payload[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.toString('utf8'));
  } catch (err) {
    throw new HttpError(400, `the body is not valid JSON: ${(err as Error).message}`);
  }
  const payloads = (parsed as { payloads?: unknown } | null)?.payloads;
  if (!Array.isArray(payloads)) throw new HttpError(400, 'the body must be a JSON object with a "payloads" array');
  return payloads.map(payloadFromJson);
}

function readBody(req: http.IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    if (Number(req.headers['content-length'] ?? 0) > limit) {
      reject(new HttpError(413, `the body is larger than ${limit} bytes`));
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) tooLarge = true;
      else chunks.push(chunk);
    });
    req.on('end', () => (tooLarge ? reject(new HttpError(413, `the body is larger than ${limit} bytes`)) : resolve(Buffer.concat(chunks))));
    req.on('error', reject);
  });
}

const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '[::1]'];

/**
 * The origins a browser may call from: the UI's, and when that is a loopback name,
 * the same UI reached through the other loopback names (localhost vs 127.0.0.1).
 */
export function allowedOrigins(uiUrl: string): string[] {
  const url = new URL(uiUrl);
  if (!LOOPBACK_NAMES.includes(url.hostname)) return [url.origin];
  return LOOPBACK_NAMES.map((name) => new URL(`${url.protocol}//${name}${url.port ? `:${url.port}` : ''}`).origin);
}

/** Whether the request carries "Authorization: Bearer <token>", compared in constant time. */
function authorized(req: http.IncomingMessage, token: string): boolean {
  const given = Buffer.from(req.headers.authorization ?? '');
  const wanted = Buffer.from(`Bearer ${token}`);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}

/** One request: the origin and token checked, then /encode or /decode on the payloads in its body. */
async function handleCodecRequest(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  options: CodecServerOptions,
  origins: string[],
  limit: number,
): Promise<void> {
  const send = (status: number, body: string, type = 'text/plain; charset=utf-8'): void => {
    res.writeHead(status, { 'Content-Type': type, 'Content-Length': Buffer.byteLength(body) });
    res.end(body);
  };
  const origin = req.headers.origin;
  if (origin !== undefined && !origins.includes(origin)) {
    req.resume();
    res.setHeader('Connection', 'close');
    send(403, `origin ${origin} is not allowed; this codec server answers ${origins[0]} only (see --origin)\n`);
    return;
  }
  res.setHeader('Vary', 'Origin');
  if (origin !== undefined) {
    res.setHeader('Access-Control-Allow-Origin', origin);
    res.setHeader('Access-Control-Allow-Credentials', 'true');
  }
  // /decode, or /<namespace>/decode as the temporal CLI's --codec-endpoint templating produces.
  const pathname = new URL(req.url ?? '/', 'http://codec.invalid').pathname.replace(/\/{2,}/g, '/');
  const operation = /^(?:\/[^/]+)?\/(encode|decode)\/?$/.exec(pathname)?.[1];
  if (!operation) {
    req.resume();
    send(404, 'not found: POST /encode or /decode\n');
    return;
  }
  if (req.method === 'OPTIONS') {
    req.resume();
    res.writeHead(204, {
      'Access-Control-Allow-Methods': 'POST',
      'Access-Control-Allow-Headers': 'Content-Type, X-Namespace, Authorization',
      'Access-Control-Max-Age': '600',
    });
    res.end();
    return;
  }
  if (options.authToken !== undefined && !authorized(req, options.authToken)) {
    req.resume();
    res.setHeader('WWW-Authenticate', 'Bearer');
    send(
      401,
      'this codec server needs "Authorization: Bearer <token>" (BATON_CODEC_AUTH_TOKEN); the temporal CLI sends it with --codec-auth\n',
    );
    return;
  }
  if (req.method !== 'POST') {
    req.resume();
    res.setHeader('Allow', 'POST, OPTIONS');
    send(405, `${req.method ?? ''} is not allowed; use POST\n`);
    return;
  }
  try {
    const payloads = parseRequest(await readBody(req, limit));
    let out: Payload[];
    try {
      out = operation === 'encode' ? await options.codec.encode(payloads) : await options.codec.decode(payloads);
    } catch (err) {
      throw new HttpError(400, `cannot ${operation}: ${(err as Error).message}`);
    }
    send(200, JSON.stringify({ payloads: out.map(payloadToJson) }), 'application/json');
  } catch (err) {
    req.resume(); // discard what is left of a refused body, so the answer reaches the client
    if (err instanceof HttpError) {
      send(err.status, `${err.message}\n`);
    } else {
      send(500, `internal error: ${(err as Error).message}\n`);
    }
  }
}

/** Starts the codec server; resolves once it listens (read the port from `server.address()`). */
export async function startCodecServer(options: CodecServerOptions): Promise<http.Server> {
  const origins = allowedOrigins(options.origin);
  const limit = options.maxBodyBytes ?? MAX_BODY_BYTES;
  const listener = (req: http.IncomingMessage, res: http.ServerResponse): void => {
    handleCodecRequest(req, res, options, origins, limit).catch((err: Error) => {
      if (!res.headersSent) res.writeHead(500);
      res.end(`internal error: ${err.message}\n`);
    });
  };
  const server: http.Server = options.tls
    ? https.createServer(
        {
          cert: options.tls.cert,
          key: options.tls.key,
          ca: options.tls.ca,
          requestCert: options.tls.ca !== undefined,
          rejectUnauthorized: options.tls.ca !== undefined,
        },
        listener,
      )
    : http.createServer(listener);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host ?? '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  return server;
}

/** The URL to paste into the Web UI: http(s)://host:port (no trailing slash). */
export function codecServerUrl(server: http.Server): string {
  const { address, port } = server.address() as AddressInfo;
  const host = address === '0.0.0.0' || address === '::' ? 'localhost' : address.includes(':') ? `[${address}]` : address;
  return `${server instanceof https.Server ? 'https' : 'http'}://${host}:${port}`;
}

function readPemOption(what: string, file: string): Buffer {
  try {
    return fs.readFileSync(file);
  } catch (err) {
    throw new CliError(`${what} ${file} cannot be read: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`, 2);
  }
}

/** HTTPS settings from the flags, else BATON_CODEC_TLS_CERT / _KEY / _CA; undefined for plain HTTP. */
export function codecServerTls(
  opts: { tlsCert?: string; tlsKey?: string; tlsCa?: string },
  env: NodeJS.ProcessEnv = process.env,
): CodecServerOptions['tls'] {
  const cert = opts.tlsCert ?? (env.BATON_CODEC_TLS_CERT || undefined);
  const key = opts.tlsKey ?? (env.BATON_CODEC_TLS_KEY || undefined);
  const ca = opts.tlsCa ?? (env.BATON_CODEC_TLS_CA || undefined);
  if ((cert === undefined) !== (key === undefined))
    throw new CliError('--tls-cert and --tls-key (BATON_CODEC_TLS_CERT, BATON_CODEC_TLS_KEY) go together: set both or neither', 2);
  if (cert === undefined || key === undefined) {
    if (ca !== undefined)
      throw new CliError(
        '--tls-ca (BATON_CODEC_TLS_CA) needs --tls-cert and --tls-key: client certificates are checked over HTTPS only',
        2,
      );
    return undefined;
  }
  return {
    cert: readPemOption('--tls-cert', cert),
    key: readPemOption('--tls-key', key),
    ca: ca === undefined ? undefined : readPemOption('--tls-ca', ca),
  };
}

/** `baton codec-server [--port N] [--origin URL] [--host ADDR]`: runs until SIGINT / SIGTERM. */
export async function codecServerCommand(opts: {
  port?: string;
  origin?: string;
  host?: string;
  tlsCert?: string;
  tlsKey?: string;
  tlsCa?: string;
}): Promise<void> {
  const codec = codecFromEnv();
  if (!codec) {
    throw new CliError(
      'payload encryption is not configured: set BATON_CODEC_KEYS (id:base64key, e.g. k1:$(openssl rand -base64 32)) to the same keys the worker uses',
      2,
    );
  }
  const port = Number(opts.port ?? DEFAULT_CODEC_SERVER_PORT);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new CliError(`--port must be a port number, not "${opts.port}"`, 2);
  const config = loadConfig();
  const origin = opts.origin ?? config.temporalUiUrl;
  try {
    new URL(origin);
  } catch {
    throw new CliError(`--origin must be a URL like ${config.temporalUiUrl}, not "${origin}"`, 2);
  }
  const tls = codecServerTls(opts);
  const authToken = process.env.BATON_CODEC_AUTH_TOKEN || undefined;
  let server: http.Server;
  try {
    server = await startCodecServer({ codec, origin, port, host: opts.host, tls, authToken });
  } catch (err) {
    throw new CliError(`cannot listen on ${opts.host ?? '127.0.0.1'}:${port}: ${(err as Error).message}`);
  }
  const url = codecServerUrl(server);
  console.log(`codec server listening on ${url} (keys: ${codec.keyIds.join(', ')}; encrypting with "${codec.currentKeyId}")`);
  console.log(`allowed browser origin: ${allowedOrigins(origin).join(', ')}`);
  console.log(
    `security: ${tls ? (tls.ca ? 'HTTPS, client certificate required' : 'HTTPS') : 'plain HTTP'}${authToken ? ', bearer token required' : ''}`,
  );
  console.log(`Codec Server endpoint for the Web UI (${config.temporalUiUrl}): ${url}`);
  console.log(
    "  paste it into the UI's Codec Server settings, or start the dev server with --ui-codec-endpoint; for the temporal CLI use --codec-endpoint",
  );
  await new Promise<void>((resolve) => {
    const stop = (): void => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      server.close(() => resolve());
      server.closeAllConnections();
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  console.log('codec server stopped');
}
