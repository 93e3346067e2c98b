/**
 * Connecting to a secured Temporal (src/temporal/connection.ts) and serving the codec securely
 * (src/cli/commands/codec-server.ts): TLS and API-key settings from the environment, their errors, and a codec server over
 * HTTPS, with client certificates and with a bearer token, checked with real certificates made by openssl.
 * The end-to-end mTLS run against a cluster that requires client certificates is in test/integration/cluster-tls.test.ts.
 */
import { defaultPayloadConverter } from '@temporalio/common';
import fs from 'node:fs';
import type http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { AesGcmPayloadCodec } from '../../src/temporal/codec';
import { codecServerTls, codecServerUrl, startCodecServer } from '../../src/cli/commands/codec-server';
import { describeConnectionSecurity, TemporalConnectionSettingsError, temporalConnectionOptions } from '../../src/temporal/connection';
import { makeTestCertificates, type TestCertificates } from '../certificates';
import { runCli } from '../helpers';

let certs: TestCertificates;
beforeAll(() => {
  certs = makeTestCertificates(fs.mkdtempSync(path.join(os.tmpdir(), 'baton-certs-')));
});
afterAll(() => fs.rmSync(certs.dir, { recursive: true, force: true }));

const ADDRESS = { temporalAddress: 'temporal.example:7233' };

describe('connection settings from the environment', () => {
  test('nothing set: plaintext to the address', () => {
    const options = temporalConnectionOptions(ADDRESS, {});
    expect(options).toEqual({ address: 'temporal.example:7233' });
    expect(describeConnectionSecurity(options)).toBe('plaintext');
  });

  test('mTLS: the certificate, key and CA files are read into the TLS settings', () => {
    const options = temporalConnectionOptions(ADDRESS, {
      TEMPORAL_TLS_CERT: certs.clientCert,
      TEMPORAL_TLS_KEY: certs.clientKey,
      TEMPORAL_TLS_CA: certs.ca,
      TEMPORAL_TLS_SERVER_NAME: 'localhost',
    });
    expect(options.tls).toEqual({
      clientCertPair: { crt: fs.readFileSync(certs.clientCert), key: fs.readFileSync(certs.clientKey) },
      serverRootCACertificate: fs.readFileSync(certs.ca),
      serverNameOverride: 'localhost',
    });
    expect(describeConnectionSecurity(options)).toBe('mTLS');
  });

  test('an API key implies TLS (Temporal Cloud), unless TEMPORAL_TLS=false says a proxy terminates it', () => {
    const cloud = temporalConnectionOptions(ADDRESS, { TEMPORAL_API_KEY: 'k-123' });
    expect(cloud).toEqual({ address: 'temporal.example:7233', apiKey: 'k-123', tls: true });
    expect(describeConnectionSecurity(cloud)).toBe('TLS + API key');
    expect(temporalConnectionOptions(ADDRESS, { TEMPORAL_API_KEY: 'k-123', TEMPORAL_TLS: 'false' }).tls).toBeUndefined();
    expect(temporalConnectionOptions(ADDRESS, { TEMPORAL_TLS: 'true' }).tls).toBe(true);
  });

  test('settings that cannot work are refused with the variable named', () => {
    const refused = (env: NodeJS.ProcessEnv) => {
      try {
        temporalConnectionOptions(ADDRESS, env);
      } catch (err) {
        expect(err).toBeInstanceOf(TemporalConnectionSettingsError);
        return (err as Error).message;
      }
      throw new Error('accepted');
    };
    expect(refused({ TEMPORAL_TLS_CERT: certs.clientCert })).toMatch(/TEMPORAL_TLS_CERT and TEMPORAL_TLS_KEY go together/);
    expect(refused({ TEMPORAL_TLS_CA: '/nonexistent/ca.pem' })).toBe('TEMPORAL_TLS_CA=/nonexistent/ca.pem cannot be read: ENOENT');
    expect(refused({ TEMPORAL_TLS: 'maybe' })).toMatch(/TEMPORAL_TLS must be true or false/);
    expect(refused({ TEMPORAL_TLS: 'false', TEMPORAL_TLS_CA: certs.ca })).toMatch(/contradicts/);
  });

  test('the command line applies them: TLS against the plaintext dev server fails, a half-set pair exits 2', async () => {
    const plain = await runCli(['runs', '--limit', '1']);
    expect(plain.code).toBe(0);
    const tls = await runCli(['runs', '--limit', '1'], { TEMPORAL_TLS: 'true' });
    expect(tls.code).toBe(1);
    expect(tls.stderr).toMatch(/cannot reach Temporal at 127\.0\.0\.1:\d+/);
    const half = await runCli(['runs', '--limit', '1'], { TEMPORAL_TLS_KEY: certs.clientKey });
    expect(half.code).toBe(2);
    expect(half.stderr).toMatch(/TEMPORAL_TLS_CERT and TEMPORAL_TLS_KEY go together/);
  });
});

interface Answer {
  status: number;
  body: string;
}

/** POST /decode to the codec server over HTTPS, trusting the test CA, optionally with a client certificate. */
function decode(server: http.Server, body: string, options: { cert?: string; key?: string; authorization?: string } = {}): Promise<Answer> {
  const { port } = server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const req = https.request(
      {
        host: '127.0.0.1',
        port,
        path: '/decode',
        method: 'POST',
        ca: fs.readFileSync(certs.ca),
        servername: 'localhost',
        cert: options.cert ? fs.readFileSync(options.cert) : undefined,
        key: options.key ? fs.readFileSync(options.key) : undefined,
        headers: { 'Content-Type': 'application/json', ...(options.authorization ? { Authorization: options.authorization } : {}) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

describe('the codec server, secured', () => {
  const codec = new AesGcmPayloadCodec([{ id: 'k1', key: randomBytes(32) }]);
  let encrypted: string;
  const servers: http.Server[] = [];
  beforeAll(async () => {
    const [payload] = await codec.encode([defaultPayloadConverter.toPayload({ answer: 'Rock $162.36' })]);
    const json = {
      metadata: Object.fromEntries(Object.entries(payload!.metadata ?? {}).map(([k, v]) => [k, Buffer.from(v).toString('base64')])),
      data: Buffer.from(payload!.data!).toString('base64'),
    };
    encrypted = JSON.stringify({ payloads: [json] });
  });
  afterAll(async () => {
    await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
  });
  const start = async (options: Partial<Parameters<typeof startCodecServer>[0]>) => {
    const server = await startCodecServer({ codec, origin: 'http://localhost:8233', port: 0, ...options });
    servers.push(server);
    return server;
  };
  const decodedAnswer = (answer: Answer): unknown => {
    const [payload] = (JSON.parse(answer.body) as { payloads: { metadata: Record<string, string>; data: string }[] }).payloads;
    return JSON.parse(Buffer.from(payload!.data, 'base64').toString('utf8'));
  };

  test('over HTTPS it decodes for a client that trusts its certificate, and says https in its URL', async () => {
    const server = await start({ tls: codecServerTls({ tlsCert: certs.serverCert, tlsKey: certs.serverKey }, {}) });
    expect(codecServerUrl(server)).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
    const answer = await decode(server, encrypted);
    expect(answer.status).toBe(200);
    expect(decodedAnswer(answer)).toEqual({ answer: 'Rock $162.36' });
  });

  test("with a CA it requires a client certificate that CA signed: none and a stranger's are refused", async () => {
    const server = await start({
      tls: codecServerTls(
        {},
        { BATON_CODEC_TLS_CERT: certs.serverCert, BATON_CODEC_TLS_KEY: certs.serverKey, BATON_CODEC_TLS_CA: certs.ca },
      ),
    });
    await expect(decode(server, encrypted)).rejects.toThrow();
    await expect(decode(server, encrypted, { cert: certs.strangerCert, key: certs.strangerKey })).rejects.toThrow();
    const answer = await decode(server, encrypted, { cert: certs.clientCert, key: certs.clientKey });
    expect(answer.status).toBe(200);
    expect(decodedAnswer(answer)).toEqual({ answer: 'Rock $162.36' });
  });

  test('with a token it answers only "Authorization: Bearer <token>"', async () => {
    const server = await start({ tls: codecServerTls({ tlsCert: certs.serverCert, tlsKey: certs.serverKey }, {}), authToken: 's3cret' });
    expect((await decode(server, encrypted)).status).toBe(401);
    expect((await decode(server, encrypted, { authorization: 'Bearer wrong!' })).status).toBe(401);
    const answer = await decode(server, encrypted, { authorization: 'Bearer s3cret' });
    expect(answer.status).toBe(200);
    expect(decodedAnswer(answer)).toEqual({ answer: 'Rock $162.36' });
  });

  test('half-set TLS flags are refused before anything listens', () => {
    expect(() => codecServerTls({ tlsCert: certs.serverCert }, {})).toThrow(/--tls-cert and --tls-key/);
    expect(() => codecServerTls({ tlsCa: certs.ca }, {})).toThrow(/--tls-ca .* needs --tls-cert/);
  });
});
