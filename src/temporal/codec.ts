/**
 * Optional encryption of everything Baton stores in Temporal.
 *
 * Temporal keeps a run's inputs, activity results, summaries and answer in its
 * event history, on the Temporal server. By default those payloads are plain
 * JSON, so anyone who can read the history (the Web UI, `temporal workflow
 * show`, a database backup) reads the questions and the numbers. A *payload
 * codec* is Temporal's hook between the SDK and the wire: the client and the
 * worker run every payload through `encode` before it leaves the process and
 * through `decode` when it comes back, and the server only ever sees the
 * encoded bytes.
 *
 * This codec encrypts with AES-256-GCM (Node's `node:crypto`). One encrypted
 * payload looks like this:
 *
 *   metadata  encoding:          "binary/encrypted"  (Temporal's convention for encrypted payloads)
 *             encryption-key-id: "<id>"              (which key encrypted it)
 *   data      iv (12 random bytes) | ciphertext | GCM tag (16 bytes)
 *
 * where the ciphertext is the whole original payload (its metadata and data)
 * serialized as a protobuf `temporal.api.common.v1.Payload`, so even the
 * original encoding is hidden. GCM authenticates: a changed byte or a wrong key
 * makes decoding fail instead of returning garbage.
 *
 * Configuration (environment; encryption is off when BATON_CODEC_KEYS is unset or empty):
 *
 *   BATON_CODEC_KEYS    comma-separated `id:base64key`, each key exactly 32 bytes
 *                       (make one with `openssl rand -base64 32`)
 *   BATON_CODEC_KEY_ID  the id that encrypts new payloads (default: the last one listed)
 *   BATON_CODEC_REQUIRE_ENCRYPTION=1  refuse unencrypted payloads (once no run from before
 *                       encryption is needed): a client without the keys cannot start runs
 *
 * Key rotation: add a new key at the end of the list (it becomes the one that
 * encrypts) and keep the old ones: every listed key still decrypts, because each
 * payload names the key that encrypted it. Drop an old key only when no history
 * you still need was written with it. Payloads without the encrypted encoding are
 * passed through unchanged, so runs started before encryption was turned on stay
 * readable.
 *
 * The client (`baton`), every worker and the codec server (`baton codec-server`,
 * which lets the Web UI show decrypted payloads) must share the same keys.
 * What is NOT encrypted: workflow ids, activity names, search attributes
 * (BatonIntent, BatonStatus) and failure messages — Temporal does not run those
 * through payload codecs.
 */
import { METADATA_ENCODING_KEY, type DataConverter, type Payload, type PayloadCodec } from '@temporalio/common';
import { temporal } from '@temporalio/proto';
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

export const ENCRYPTED_ENCODING = 'binary/encrypted';
export const KEY_ID_METADATA_KEY = 'encryption-key-id';

const ALGORITHM = 'aes-256-gcm';
const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;
const KEY_ID_PATTERN = /^[A-Za-z0-9._-]+$/;
const BASE64_PATTERN = /^[A-Za-z0-9+/]+={0,2}$/;

/** A configuration mistake: the message says what to change. */
export class CodecConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CodecConfigError';
  }
}

/** A payload that cannot be decrypted: unknown key, or altered bytes. */
export class PayloadDecryptionError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PayloadDecryptionError';
  }
}

export interface CodecKey {
  id: string;
  /** 32 raw bytes. */
  key: Uint8Array;
}

const text = (bytes: Uint8Array | null | undefined): string | undefined => (bytes ? Buffer.from(bytes).toString('utf8') : undefined);

export class AesGcmPayloadCodec implements PayloadCodec {
  private readonly keys = new Map<string, Buffer>();
  /** The id of the key that encrypts; every key in the set decrypts. */
  readonly currentKeyId: string;

  constructor(
    keys: CodecKey[],
    currentKeyId?: string,
    /** Refuse payloads that are not encrypted (BATON_CODEC_REQUIRE_ENCRYPTION=1): a client without the keys cannot hand the worker input. */
    readonly requireEncryption = false,
  ) {
    if (keys.length === 0) throw new CodecConfigError('the payload codec needs at least one key');
    for (const { id, key } of keys) {
      if (!KEY_ID_PATTERN.test(id)) throw new CodecConfigError(`key id "${id}" is not valid: use letters, digits, ".", "_" or "-"`);
      if (this.keys.has(id)) throw new CodecConfigError(`key id "${id}" is listed twice`);
      if (key.length !== KEY_BYTES) {
        throw new CodecConfigError(
          `key "${id}" is ${key.length} bytes; AES-256 needs exactly ${KEY_BYTES} (make one with: openssl rand -base64 32)`,
        );
      }
      this.keys.set(id, Buffer.from(key));
    }
    this.currentKeyId = currentKeyId ?? keys[keys.length - 1]!.id;
    if (!this.keys.has(this.currentKeyId)) {
      throw new CodecConfigError(
        `the encrypting key id "${this.currentKeyId}" is not among the configured keys (${[...this.keys.keys()].join(', ')})`,
      );
    }
  }

  /** The ids of every key that can decrypt. */
  get keyIds(): string[] {
    return [...this.keys.keys()];
  }

  // (A throw inside the executor becomes the promise's rejection.)
  encode(payloads: Payload[]): Promise<Payload[]> {
    return new Promise((resolve) => resolve(payloads.map((payload) => this.encrypt(payload))));
  }

  decode(payloads: Payload[]): Promise<Payload[]> {
    return new Promise((resolve) => resolve(payloads.map((payload) => this.decrypt(payload))));
  }

  private encrypt(payload: Payload): Payload {
    const plain = temporal.api.common.v1.Payload.encode(payload).finish();
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv(ALGORITHM, this.keys.get(this.currentKeyId)!, iv, { authTagLength: TAG_BYTES });
    const data = Buffer.concat([iv, cipher.update(plain), cipher.final(), cipher.getAuthTag()]);
    return {
      metadata: {
        [METADATA_ENCODING_KEY]: Buffer.from(ENCRYPTED_ENCODING),
        [KEY_ID_METADATA_KEY]: Buffer.from(this.currentKeyId),
      },
      data,
    };
  }

  private decrypt(payload: Payload): Payload {
    if (text(payload.metadata?.[METADATA_ENCODING_KEY]) !== ENCRYPTED_ENCODING) {
      if (this.requireEncryption) {
        throw new PayloadDecryptionError(
          'a payload is not encrypted, and BATON_CODEC_REQUIRE_ENCRYPTION is on: it was written by a client without the keys',
        );
      }
      return payload;
    }
    const keyId = text(payload.metadata?.[KEY_ID_METADATA_KEY]);
    if (!keyId) throw new PayloadDecryptionError(`an encrypted payload has no "${KEY_ID_METADATA_KEY}" metadata`);
    const key = this.keys.get(keyId);
    if (!key) {
      throw new PayloadDecryptionError(
        `a payload was encrypted with key "${keyId}", which is not configured (known: ${this.keyIds.join(', ')}); add it to BATON_CODEC_KEYS`,
      );
    }
    const data = payload.data ?? new Uint8Array();
    if (data.length < IV_BYTES + TAG_BYTES)
      throw new PayloadDecryptionError(`an encrypted payload (key "${keyId}") is too short to be valid`);
    const iv = data.subarray(0, IV_BYTES);
    const tag = data.subarray(data.length - TAG_BYTES);
    const decipher = createDecipheriv(ALGORITHM, key, iv, { authTagLength: TAG_BYTES });
    decipher.setAuthTag(tag);
    let plain: Buffer;
    try {
      plain = Buffer.concat([decipher.update(data.subarray(IV_BYTES, data.length - TAG_BYTES)), decipher.final()]);
    } catch {
      throw new PayloadDecryptionError(
        `a payload encrypted with key "${keyId}" failed authentication: it was altered, or the key "${keyId}" is not the one that encrypted it`,
      );
    }
    return temporal.api.common.v1.Payload.decode(plain);
  }
}

/** Parses `id:base64key,id:base64key` into keys, with a clear error for each kind of mistake. */
export function parseCodecKeys(list: string): CodecKey[] {
  return list
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry.length > 0)
    .map((entry) => {
      const colon = entry.indexOf(':');
      if (colon <= 0) throw new CodecConfigError(`BATON_CODEC_KEYS: "${entry.slice(0, 12)}…" is not of the form id:base64key`);
      const id = entry.slice(0, colon).trim();
      const encoded = entry.slice(colon + 1).trim();
      if (!BASE64_PATTERN.test(encoded)) throw new CodecConfigError(`BATON_CODEC_KEYS: key "${id}" is not valid base64`);
      const key = Buffer.from(encoded, 'base64');
      if (key.length !== KEY_BYTES) {
        throw new CodecConfigError(
          `BATON_CODEC_KEYS: key "${id}" decodes to ${key.length} bytes; AES-256 needs exactly ${KEY_BYTES} (make one with: openssl rand -base64 32)`,
        );
      }
      return { id, key };
    });
}

/** The codec configured by BATON_CODEC_KEYS / BATON_CODEC_KEY_ID, or undefined when encryption is off. */
export function codecFromEnv(env: NodeJS.ProcessEnv = process.env): AesGcmPayloadCodec | undefined {
  const list = env.BATON_CODEC_KEYS?.trim();
  const current = env.BATON_CODEC_KEY_ID?.trim() || undefined;
  if (!list) {
    if (current)
      throw new CodecConfigError('BATON_CODEC_KEY_ID is set but BATON_CODEC_KEYS is not; set both, or neither to turn encryption off');
    return undefined;
  }
  const keys = parseCodecKeys(list);
  if (keys.length === 0) throw new CodecConfigError('BATON_CODEC_KEYS lists no keys');
  try {
    return new AesGcmPayloadCodec(keys, current, env.BATON_CODEC_REQUIRE_ENCRYPTION === '1');
  } catch (err) {
    if (err instanceof CodecConfigError && current && !keys.some((k) => k.id === current)) {
      throw new CodecConfigError(
        `BATON_CODEC_KEY_ID "${current}" is not listed in BATON_CODEC_KEYS (ids: ${keys.map((k) => k.id).join(', ')})`,
      );
    }
    throw err;
  }
}

/** The data converter for Client and Worker: `{ payloadCodecs: [codec] }`, or undefined when encryption is off. */
export function dataConverterFromEnv(env: NodeJS.ProcessEnv = process.env): DataConverter | undefined {
  const codec = codecFromEnv(env);
  return codec ? { payloadCodecs: [codec] } : undefined;
}

function isPayload(value: unknown): value is Payload {
  if (!value || typeof value !== 'object' || Array.isArray(value) || value instanceof Uint8Array) return false;
  const metadata = (value as Payload).metadata;
  return !!metadata && typeof metadata === 'object' && metadata[METADATA_ENCODING_KEY] instanceof Uint8Array;
}

/**
 * Decodes, in place, every payload of a fetched event history through the given
 * codecs (last codec first, as the SDK does). `handle.fetchHistory()` returns the
 * payloads as stored, so code that reads a history with the payload converter
 * must decode it first when encryption is on:
 *
 *   const history = await decodeHistoryPayloads(await handle.fetchHistory(), client.options.loadedDataConverter.payloadCodecs);
 */
export async function decodeHistoryPayloads<T extends object>(history: T, codecs: PayloadCodec[]): Promise<T> {
  if (codecs.length === 0) return history;
  const decodeOne = async (payload: Payload): Promise<Payload> => {
    let payloads = [payload];
    for (let i = codecs.length - 1; i >= 0; i--) payloads = await codecs[i]!.decode(payloads);
    return payloads[0]!;
  };
  const visit = async (node: unknown): Promise<void> => {
    if (!node || typeof node !== 'object' || node instanceof Uint8Array) return;
    const record = node as Record<string, unknown>;
    for (const key of Object.keys(record)) {
      const value = record[key];
      if (isPayload(value)) record[key] = await decodeOne(value);
      else await visit(value);
    }
  };
  await visit(history);
  return history;
}
