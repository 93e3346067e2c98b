/**
 * Payload encryption (src/temporal/codec.ts) and the codec server (src/cli/commands/codec-server.ts).
 *
 * Unit checks of the AES-256-GCM codec (round trip, key id, rotation, tampering,
 * configuration errors); a real run with encryption on whose raw event history,
 * read by a client without the keys, holds no trace of the question; and the
 * codec server the Web UI calls, with its CORS rules.
 */
import { Client, Connection } from '@temporalio/client';
import { defaultPayloadConverter, type Payload } from '@temporalio/common';
import { historyToJSON } from '@temporalio/common/lib/proto-utils';
import { temporal } from '@temporalio/proto';
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import {
  AesGcmPayloadCodec,
  codecFromEnv,
  CodecConfigError,
  dataConverterFromEnv,
  decodeHistoryPayloads,
  PayloadDecryptionError,
} from '../../src/temporal/codec';
import { startCodecServer } from '../../src/cli/commands/codec-server';
import type { AnalysisRequest, AnalysisResult } from '../../src/contracts';
import { runAnalysis, runCli, withWorker } from '../helpers';

const QUESTION = '上个月 GMV 是多少？';
const K1 = randomBytes(32);
const K2 = randomBytes(32);
const b64 = (bytes: Uint8Array): string => Buffer.from(bytes).toString('base64');
const text = (bytes: Uint8Array | null | undefined): string => Buffer.from(bytes ?? new Uint8Array()).toString('utf8');

// Encryption on for this file's worker and client (they read the environment when created, in beforeAll):
// an old key and a current one, as after a rotation.
const OLD = randomBytes(32);
const CURRENT = randomBytes(32);
process.env.BATON_CODEC_KEYS = `old:${b64(OLD)},cur:${b64(CURRENT)}`;
delete process.env.BATON_CODEC_KEY_ID;
afterAll(() => {
  delete process.env.BATON_CODEC_KEYS;
});

const harness = withWorker('codec');

/** The question's base64 forms at each of the three byte alignments it can have inside a longer base64 string. */
function base64Needles(value: string): string[] {
  const bytes = Buffer.from(value, 'utf8');
  return [0, 1, 2].map((k) => bytes.subarray(k, k + 3 * Math.floor((bytes.length - k) / 3)).toString('base64'));
}

function jsonPayload(payload: Payload): { metadata: Record<string, string>; data: string } {
  return {
    metadata: Object.fromEntries(Object.entries(payload.metadata ?? {}).map(([k, v]) => [k, b64(v)])),
    data: b64(payload.data ?? new Uint8Array()),
  };
}

describe('the AES-256-GCM payload codec', () => {
  test('encode → decode round trip; the encoded bytes carry the key id and no plaintext', async () => {
    const codec = new AesGcmPayloadCodec([{ id: 'k1', key: K1 }]);
    const plain = defaultPayloadConverter.toPayload({ question: QUESTION, n: 42 });
    const serialized = temporal.api.common.v1.Payload.encode(plain).finish();
    const [encoded] = await codec.encode([plain]);

    expect(text(encoded!.metadata!.encoding)).toBe('binary/encrypted');
    expect(text(encoded!.metadata!['encryption-key-id'])).toBe('k1');
    expect(Object.keys(encoded!.metadata!).sort()).toEqual(['encoding', 'encryption-key-id']);
    // iv (12) | ciphertext (as long as the serialized payload) | tag (16)
    expect(encoded!.data!.length).toBe(12 + serialized.length + 16);
    const bytes = Buffer.from(encoded!.data!);
    expect(bytes.includes(Buffer.from(QUESTION))).toBe(false);
    expect(bytes.includes(Buffer.from('json/plain'))).toBe(false);
    expect(bytes.includes(Buffer.from('GMV'))).toBe(false);

    const [decoded] = await codec.decode([encoded!]);
    expect(text(decoded!.metadata!.encoding)).toBe('json/plain');
    expect(defaultPayloadConverter.fromPayload(decoded!)).toEqual({ question: QUESTION, n: 42 });

    // A fresh random IV each time: the same payload never encrypts to the same bytes.
    const [again] = await codec.encode([plain]);
    expect(b64(again!.data!)).not.toBe(b64(encoded!.data!));
    expect(b64(again!.data!.subarray(0, 12))).not.toBe(b64(encoded!.data!.subarray(0, 12)));
  });

  test('payloads written before encryption was turned on pass through decode unchanged', async () => {
    const codec = new AesGcmPayloadCodec([{ id: 'k1', key: K1 }]);
    const plain = defaultPayloadConverter.toPayload(QUESTION);
    const [decoded] = await codec.decode([plain]);
    expect(decoded).toBe(plain);
    expect(defaultPayloadConverter.fromPayload(decoded!)).toBe(QUESTION);
  });

  test('with encryption required, an unencrypted payload is refused', async () => {
    const strict = codecFromEnv({ BATON_CODEC_KEYS: `k1:${b64(K1)}`, BATON_CODEC_REQUIRE_ENCRYPTION: '1' })!;
    await expect(strict.decode([defaultPayloadConverter.toPayload(QUESTION)])).rejects.toThrow(
      'a payload is not encrypted, and BATON_CODEC_REQUIRE_ENCRYPTION is on',
    );
    const [encrypted] = await strict.encode([defaultPayloadConverter.toPayload(QUESTION)]);
    expect(defaultPayloadConverter.fromPayload((await strict.decode([encrypted!]))[0]!)).toBe(QUESTION);
  });

  test('rotation: data under k1 still decodes with k1,k2 configured, new data is encrypted with k2', async () => {
    const before = codecFromEnv({ BATON_CODEC_KEYS: `k1:${b64(K1)}` })!;
    expect(before.currentKeyId).toBe('k1');
    const [underK1] = await before.encode([defaultPayloadConverter.toPayload('written under k1')]);

    const rotated = codecFromEnv({ BATON_CODEC_KEYS: `k1:${b64(K1)}, k2:${b64(K2)}` })!;
    expect(rotated.currentKeyId).toBe('k2');
    expect(rotated.keyIds).toEqual(['k1', 'k2']);
    expect(defaultPayloadConverter.fromPayload((await rotated.decode([underK1!]))[0]!)).toBe('written under k1');
    const [underK2] = await rotated.encode([defaultPayloadConverter.toPayload('written under k2')]);
    expect(text(underK2!.metadata!['encryption-key-id'])).toBe('k2');
    expect(defaultPayloadConverter.fromPayload((await rotated.decode([underK2!]))[0]!)).toBe('written under k2');

    // BATON_CODEC_KEY_ID picks the encrypting key explicitly.
    const pinned = codecFromEnv({ BATON_CODEC_KEYS: `k1:${b64(K1)},k2:${b64(K2)}`, BATON_CODEC_KEY_ID: 'k1' })!;
    expect(pinned.currentKeyId).toBe('k1');
    expect(text((await pinned.encode([defaultPayloadConverter.toPayload(1)]))[0]!.metadata!['encryption-key-id'])).toBe('k1');

    // k1 retired too early: decoding names the missing key.
    const withoutK1 = codecFromEnv({ BATON_CODEC_KEYS: `k2:${b64(K2)}` })!;
    const failure = withoutK1.decode([underK1!]);
    await expect(failure).rejects.toBeInstanceOf(PayloadDecryptionError);
    await expect(withoutK1.decode([underK1!])).rejects.toThrow(
      'a payload was encrypted with key "k1", which is not configured (known: k2); add it to BATON_CODEC_KEYS',
    );
  });

  test('a tampered ciphertext, or the right id with the wrong key, fails GCM authentication', async () => {
    const codec = new AesGcmPayloadCodec([{ id: 'k1', key: K1 }]);
    const [encoded] = await codec.encode([defaultPayloadConverter.toPayload(QUESTION)]);
    const tampered = Buffer.from(encoded!.data!);
    tampered[20] = tampered[20]! ^ 0x01;
    await expect(codec.decode([{ metadata: encoded!.metadata, data: tampered }])).rejects.toThrow(
      'a payload encrypted with key "k1" failed authentication: it was altered, or the key "k1" is not the one that encrypted it',
    );
    const impostor = new AesGcmPayloadCodec([{ id: 'k1', key: K2 }]);
    await expect(impostor.decode([encoded!])).rejects.toThrow(/key "k1" failed authentication/);
    await expect(codec.decode([{ metadata: encoded!.metadata, data: encoded!.data!.subarray(0, 20) }])).rejects.toThrow(
      'an encrypted payload (key "k1") is too short to be valid',
    );
  });

  test('configuration: off when unset, and a clear error for each mistake', () => {
    expect(codecFromEnv({})).toBeUndefined();
    expect(codecFromEnv({ BATON_CODEC_KEYS: '  ' })).toBeUndefined();
    expect(dataConverterFromEnv({})).toBeUndefined();
    const converter = dataConverterFromEnv({ BATON_CODEC_KEYS: `k1:${b64(K1)}` });
    expect(converter?.payloadCodecs).toHaveLength(1);
    expect(converter!.payloadCodecs![0]).toBeInstanceOf(AesGcmPayloadCodec);

    const bad = (env: NodeJS.ProcessEnv): unknown => codecFromEnv(env);
    expect(() => bad({ BATON_CODEC_KEYS: `k1:${b64(randomBytes(16))}` })).toThrow(
      'BATON_CODEC_KEYS: key "k1" decodes to 16 bytes; AES-256 needs exactly 32 (make one with: openssl rand -base64 32)',
    );
    expect(() => bad({ BATON_CODEC_KEYS: `k1:${b64(randomBytes(33))}` })).toThrow(/key "k1" decodes to 33 bytes/);
    expect(() => bad({ BATON_CODEC_KEYS: 'k1:not base64!' })).toThrow('BATON_CODEC_KEYS: key "k1" is not valid base64');
    expect(() => bad({ BATON_CODEC_KEYS: b64(K1) })).toThrow(/is not of the form id:base64key/);
    expect(() => bad({ BATON_CODEC_KEYS: `k1:${b64(K1)},k1:${b64(K2)}` })).toThrow('key id "k1" is listed twice');
    expect(() => bad({ BATON_CODEC_KEYS: `k1:${b64(K1)}`, BATON_CODEC_KEY_ID: 'k9' })).toThrow(
      'BATON_CODEC_KEY_ID "k9" is not listed in BATON_CODEC_KEYS (ids: k1)',
    );
    expect(() => bad({ BATON_CODEC_KEY_ID: 'k1' })).toThrow(/BATON_CODEC_KEY_ID is set but BATON_CODEC_KEYS is not/);
    expect(() => new AesGcmPayloadCodec([{ id: 'k1', key: randomBytes(31) }])).toThrow(CodecConfigError);
  });
});

describe('a run with encryption on', () => {
  test('the raw history holds no plaintext question; the client with the keys reads the run as usual', async () => {
    const { workflowId, result } = await runAnalysis(harness.client, harness.config.taskQueue, QUESTION);
    expect(result.status).toBe('completed');
    expect(result.answer).toMatch(/销售额/);

    // A client that has no codec sees what the Temporal server stores.
    const connection = await Connection.connect({ address: harness.config.temporalAddress });
    try {
      const bare = new Client({ connection, namespace: harness.config.temporalNamespace });
      const history = await bare.workflow.getHandle(workflowId).fetchHistory();
      expect(history.events!.length).toBeGreaterThan(10);

      const binary = Buffer.from(temporal.api.history.v1.History.encode(history).finish());
      const json = historyToJSON(history);
      for (const needle of [QUESTION, 'GMV 是多少']) {
        expect(binary.includes(Buffer.from(needle, 'utf8'))).toBe(false);
        expect(json).not.toContain(needle);
        expect(json).not.toContain(JSON.stringify(needle).slice(1, -1));
      }
      for (const needle of base64Needles(QUESTION)) expect(json).not.toContain(needle);

      // Every payload the run wrote is encrypted under the current key, except the search
      // attributes (BatonIntent, BatonStatus), which Temporal never runs through codecs.
      const seen: { path: string; encoding: string; keyId: string }[] = [];
      const walk = (node: unknown, at: string): void => {
        if (!node || typeof node !== 'object') return;
        const metadata = (node as { metadata?: Record<string, string> }).metadata;
        if (metadata && typeof metadata.encoding === 'string') {
          seen.push({
            path: at,
            encoding: Buffer.from(metadata.encoding, 'base64').toString(),
            keyId: Buffer.from(metadata['encryption-key-id'] ?? '', 'base64').toString(),
          });
          return;
        }
        for (const [k, v] of Object.entries(node)) walk(v, `${at}.${k}`);
      };
      walk(JSON.parse(json), 'history');
      // Search attributes, and the SDK's own patch markers (the patch id, e.g. "data-extent"), are not user data: Temporal writes them unencoded.
      // So is the SDK's bookkeeping of a local activity (its marker's `data`: sequence number, attempt, activity id and
      // type, times); the local activity's result beside it (`details.result`) goes through the codec like any payload.
      const sdkMetadata = /markerRecordedEventAttributes\.details\.(patch-data|data)\./;
      const payloads = seen.filter((p) => !/\.searchAttributes\./.test(p.path) && !sdkMetadata.test(p.path));
      expect(payloads.filter((p) => p.path.includes('markerRecordedEventAttributes.details.result')).length).toBeGreaterThan(0);
      const markerData = history.events!.flatMap((e) => e.markerRecordedEventAttributes?.details?.data?.payloads ?? []);
      expect(markerData.length).toBeGreaterThan(0);
      for (const payload of markerData) {
        const fields = Object.keys(defaultPayloadConverter.fromPayload<Record<string, unknown>>(payload));
        expect(
          fields.every((f) =>
            ['seq', 'attempt', 'activity_id', 'activity_type', 'complete_time', 'backoff', 'original_schedule_time'].includes(f),
          ),
        ).toBe(true);
      }
      expect(payloads.length).toBeGreaterThan(10);
      expect(payloads.filter((p) => p.encoding !== 'binary/encrypted' || p.keyId !== 'cur')).toEqual([]);
      for (const where of [
        'workflowExecutionStartedEventAttributes.input',
        'workflowExecutionCompletedEventAttributes.result',
        'userMetadata.summary',
      ]) {
        expect(payloads.some((p) => p.path.includes(where))).toBe(true);
      }

      // Without the keys the result cannot be read; with them the history decodes back to the question.
      await expect(bare.workflow.getHandle(workflowId).result()).rejects.toThrow(/binary\/encrypted/);
      const decoded = await decodeHistoryPayloads(history, harness.client.options.loadedDataConverter.payloadCodecs);
      const started = decoded.events![0]!;
      expect(
        defaultPayloadConverter.fromPayload<AnalysisRequest>(started.workflowExecutionStartedEventAttributes!.input!.payloads![0]!)
          .question,
      ).toBe(QUESTION);
      expect(defaultPayloadConverter.fromPayload<string>(started.userMetadata!.summary!)).toBe(QUESTION);
      // (The control for the search above: in the decoded history the same search finds the question.)
      expect(Buffer.from(temporal.api.history.v1.History.encode(decoded).finish()).includes(Buffer.from(QUESTION, 'utf8'))).toBe(true);
    } finally {
      await connection.close();
    }

    const handle = harness.client.workflow.getHandle(workflowId);
    const again = (await handle.result()) as AnalysisResult;
    expect(again.status).toBe('completed');
    expect(again.answer).toBe(result.answer);
    expect(again.metrics.map((m) => m.value)).toEqual(result.metrics.map((m) => m.value));
    expect(await (await handle.describe()).staticSummary()).toBe(QUESTION);
  });
});

describe('the codec server', () => {
  const codec = new AesGcmPayloadCodec([
    { id: 'old', key: OLD },
    { id: 'cur', key: CURRENT },
  ]);
  let server: http.Server | null = null;
  let base = '';
  const ui = (): string => new URL(harness.config.temporalUiUrl).origin;

  beforeAll(async () => {
    server = await startCodecServer({ codec, origin: harness.config.temporalUiUrl, port: 0 });
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
  });

  const post = (route: string, body: string, headers: Record<string, string> = {}): Promise<Response> =>
    fetch(`${base}${route}`, {
      method: 'POST',
      body,
      headers: { 'Content-Type': 'application/json', 'X-Namespace': 'default', Origin: ui(), ...headers },
    });

  test('POST /decode turns an encrypted payload back into the plaintext payload, for the UI origin', async () => {
    const [encrypted] = await codec.encode([defaultPayloadConverter.toPayload({ question: QUESTION })]);
    const res = await post('/decode', JSON.stringify({ payloads: [jsonPayload(encrypted!)] }));
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe(ui());
    expect(res.headers.get('access-control-allow-credentials')).toBe('true');
    const body = (await res.json()) as { payloads: { metadata: Record<string, string>; data: string }[] };
    expect(body.payloads).toHaveLength(1);
    expect(Buffer.from(body.payloads[0]!.metadata.encoding!, 'base64').toString()).toBe('json/plain');
    expect(JSON.parse(Buffer.from(body.payloads[0]!.data, 'base64').toString('utf8'))).toEqual({ question: QUESTION });

    // /encode is the inverse, under the current key; /<namespace>/decode (the CLI's templating) works too.
    const enc = await post('/encode', JSON.stringify({ payloads: body.payloads }));
    const reEncrypted = ((await enc.json()) as { payloads: { metadata: Record<string, string>; data: string }[] }).payloads[0]!;
    expect(Buffer.from(reEncrypted.metadata['encryption-key-id']!, 'base64').toString()).toBe('cur');
    const viaNamespace = await post('/default/decode', JSON.stringify({ payloads: [reEncrypted] }));
    expect(viaNamespace.status).toBe(200);
    const round = ((await viaNamespace.json()) as { payloads: { data: string }[] }).payloads[0]!;
    expect(JSON.parse(Buffer.from(round.data, 'base64').toString('utf8'))).toEqual({ question: QUESTION });
  });

  test('a preflight from the UI origin gets the CORS headers', async () => {
    const res = await fetch(`${base}/decode`, {
      method: 'OPTIONS',
      headers: { Origin: ui(), 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'content-type,x-namespace' },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe(ui());
    expect(res.headers.get('access-control-allow-methods')).toBe('POST');
    expect(res.headers.get('access-control-allow-headers')).toBe('Content-Type, X-Namespace, Authorization');
    expect(res.headers.get('access-control-allow-credentials')).toBe('true');
  });

  test('another origin gets 403 and no CORS headers, preflight or not', async () => {
    const [encrypted] = await codec.encode([defaultPayloadConverter.toPayload(QUESTION)]);
    const res = await post('/decode', JSON.stringify({ payloads: [jsonPayload(encrypted!)] }), { Origin: 'http://evil.example' });
    expect(res.status).toBe(403);
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
    const message = await res.text();
    expect(message).toContain('origin http://evil.example is not allowed');
    expect(message).not.toContain(QUESTION);
    const preflight = await fetch(`${base}/decode`, {
      method: 'OPTIONS',
      headers: { Origin: 'http://evil.example', 'Access-Control-Request-Method': 'POST' },
    });
    expect(preflight.status).toBe(403);
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
  });

  test('bad JSON is a 400, an oversized body a 413, an unknown key a 400 naming it', async () => {
    const badJson = await post('/decode', '{"payloads": [');
    expect(badJson.status).toBe(400);
    expect(await badJson.text()).toMatch(/^the body is not valid JSON/);
    const noArray = await post('/decode', '{"payload": []}');
    expect(noArray.status).toBe(400);
    expect(await noArray.text()).toBe('the body must be a JSON object with a "payloads" array\n');
    const tooBig = await post('/decode', JSON.stringify({ payloads: [{ data: 'A'.repeat(4 * 1024 * 1024) }] }));
    expect(tooBig.status).toBe(413);
    expect(await tooBig.text()).toBe(`the body is larger than ${4 * 1024 * 1024} bytes\n`);
    const [foreign] = await new AesGcmPayloadCodec([{ id: 'elsewhere', key: K1 }]).encode([defaultPayloadConverter.toPayload(1)]);
    const unknown = await post('/decode', JSON.stringify({ payloads: [jsonPayload(foreign!)] }));
    expect(unknown.status).toBe(400);
    expect(await unknown.text()).toContain(
      'cannot decode: a payload was encrypted with key "elsewhere", which is not configured (known: old, cur)',
    );
  });

  test('"baton codec-server" refuses to start without keys, and otherwise prints the endpoint and serves it', async () => {
    const refused = await runCli(['codec-server'], { BATON_CODEC_KEYS: '' });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('error: payload encryption is not configured: set BATON_CODEC_KEYS');

    const child = spawn(process.execPath, [path.resolve(__dirname, '../..', 'bin', 'baton'), 'codec-server', '--port', '0'], {
      env: { ...process.env, NO_COLOR: '1' },
    });
    let stdout = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
    try {
      const deadline = Date.now() + 15_000;
      while (!/Codec Server endpoint .*: (http:\/\/\S+)/.test(stdout) && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 100));
      const endpoint = /Codec Server endpoint .*: (http:\/\/\S+)/.exec(stdout)?.[1];
      expect(endpoint).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(stdout).toContain('keys: old, cur; encrypting with "cur"');
      const [encrypted] = await codec.encode([defaultPayloadConverter.toPayload(QUESTION)]);
      const res = await fetch(`${endpoint}/decode`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: ui() },
        body: JSON.stringify({ payloads: [jsonPayload(encrypted!)] }),
      });
      expect(res.status).toBe(200);
      const data = ((await res.json()) as { payloads: { data: string }[] }).payloads[0]!.data;
      expect(JSON.parse(Buffer.from(data, 'base64').toString('utf8'))).toBe(QUESTION);
    } finally {
      child.kill('SIGTERM');
    }
    expect(await exited).toBe(0);
    expect(stdout).toContain('codec server stopped');
  });
});
