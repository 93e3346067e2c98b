/**
 * How every part of Baton (the command line, workers, scripts) connects to Temporal: the address, and for a
 * secured cluster the TLS settings and API key, all from the environment.
 *
 *   TEMPORAL_TLS_CERT, TEMPORAL_TLS_KEY   PEM files of this client's certificate and key (mTLS); both or neither
 *   TEMPORAL_TLS_CA                       PEM file of the CA that signed the server's certificate (a private CA);
 *                                         without it the system's trusted roots are used
 *   TEMPORAL_TLS_SERVER_NAME              the name to check the server's certificate against, when it is not the
 *                                         address's host (e.g. connecting by IP to a server named "temporal")
 *   TEMPORAL_TLS                          "true" for TLS with none of the above (a server with a public certificate);
 *                                         "false" to turn TLS off even with an API key
 *   TEMPORAL_API_KEY                      an API key (Temporal Cloud): sent as a bearer token; implies TLS
 *
 * Both SDK connections (the client's Connection and the worker's NativeConnection) take the same options.
 */
import type { TLSConfig } from '@temporalio/client';
import fs from 'node:fs';
import type { BatonConfig } from '../settings/config';

export interface TemporalConnectionOptions {
  address: string;
  tls?: TLSConfig | boolean;
  apiKey?: string;
}

export class TemporalConnectionSettingsError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TemporalConnectionSettingsError';
  }
}

function readPem(variable: string, file: string): Buffer {
  try {
    return fs.readFileSync(file);
  } catch (err) {
    throw new TemporalConnectionSettingsError(
      `${variable}=${file} cannot be read: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`,
    );
  }
}

function flag(variable: string, value: string | undefined): boolean | undefined {
  if (value === undefined || value === '') return undefined;
  if (/^(1|true|yes|on)$/i.test(value)) return true;
  if (/^(0|false|no|off)$/i.test(value)) return false;
  throw new TemporalConnectionSettingsError(`${variable} must be true or false, not "${value}"`);
}

/** The connection options for `config.temporalAddress`, with TLS and API key from the environment. */
export function temporalConnectionOptions(
  config: Pick<BatonConfig, 'temporalAddress'>,
  env: NodeJS.ProcessEnv = process.env,
): TemporalConnectionOptions {
  const certFile = env.TEMPORAL_TLS_CERT || undefined;
  const keyFile = env.TEMPORAL_TLS_KEY || undefined;
  const caFile = env.TEMPORAL_TLS_CA || undefined;
  const serverName = env.TEMPORAL_TLS_SERVER_NAME || undefined;
  const apiKey = env.TEMPORAL_API_KEY || undefined;
  const tlsWanted = flag('TEMPORAL_TLS', env.TEMPORAL_TLS);

  if ((certFile === undefined) !== (keyFile === undefined)) {
    throw new TemporalConnectionSettingsError(
      'TEMPORAL_TLS_CERT and TEMPORAL_TLS_KEY go together: set both (the client certificate and its key) or neither',
    );
  }
  const tlsSettings = certFile !== undefined || caFile !== undefined || serverName !== undefined;
  if (tlsWanted === false && tlsSettings) {
    throw new TemporalConnectionSettingsError(
      'TEMPORAL_TLS=false contradicts TEMPORAL_TLS_CERT / TEMPORAL_TLS_KEY / TEMPORAL_TLS_CA / TEMPORAL_TLS_SERVER_NAME',
    );
  }

  const options: TemporalConnectionOptions = { address: config.temporalAddress };
  if (apiKey !== undefined) options.apiKey = apiKey;
  if (tlsSettings) {
    const tls: TLSConfig = {};
    if (certFile !== undefined && keyFile !== undefined) {
      tls.clientCertPair = { crt: readPem('TEMPORAL_TLS_CERT', certFile), key: readPem('TEMPORAL_TLS_KEY', keyFile) };
    }
    if (caFile !== undefined) tls.serverRootCACertificate = readPem('TEMPORAL_TLS_CA', caFile);
    if (serverName !== undefined) tls.serverNameOverride = serverName;
    options.tls = tls;
  } else if (tlsWanted ?? apiKey !== undefined) {
    // An API key travels only over TLS (Temporal Cloud requires it); TEMPORAL_TLS=false is for a proxy that terminates it.
    options.tls = true;
  }
  return options;
}

/** One line on how the connection is secured, for startup messages (never the key itself). */
export function describeConnectionSecurity(options: TemporalConnectionOptions): string {
  const parts: string[] = [];
  if (options.tls === true) parts.push('TLS');
  else if (options.tls) parts.push(options.tls.clientCertPair ? 'mTLS' : 'TLS');
  if (options.apiKey !== undefined) parts.push('API key');
  return parts.length > 0 ? parts.join(' + ') : 'plaintext';
}
