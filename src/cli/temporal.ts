/** Connecting the command line to Temporal, with one clear line when it cannot. */
import { Client, Connection } from '@temporalio/client';
import { dataConverterFromEnv } from '../temporal/codec';
import type { BatonConfig } from '../settings/config';
import { clientInterceptors } from '../temporal/telemetry';
import { TemporalConnectionSettingsError, temporalConnectionOptions, type TemporalConnectionOptions } from '../temporal/connection';

export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode = 1,
  ) {
    super(message);
    this.name = 'CliError';
  }
}

export async function connectTemporal(config: BatonConfig): Promise<Client> {
  const dataConverter = dataConverterFromEnv(); // payload encryption, when BATON_CODEC_KEYS is set
  let options: TemporalConnectionOptions;
  try {
    options = temporalConnectionOptions(config);
  } catch (err) {
    if (err instanceof TemporalConnectionSettingsError) throw new CliError(err.message, 2);
    throw err;
  }
  try {
    const connection = await Connection.connect({ ...options, connectTimeout: '3 seconds' });
    // interceptors: a run's trace starts here when OTEL_EXPORTER_OTLP_ENDPOINT is set (src/temporal/telemetry.ts).
    return new Client({ connection, namespace: config.temporalNamespace, dataConverter, interceptors: clientInterceptors() });
  } catch (err) {
    const reason = (err as Error).message.split('\n')[0];
    throw new CliError(
      `cannot reach Temporal at ${config.temporalAddress} (${reason}); start it with "baton up" or set TEMPORAL_ADDRESS${options.tls || options.apiKey ? '' : ' (and TEMPORAL_TLS_* or TEMPORAL_API_KEY for a secured cluster)'}`,
    );
  }
}

export function webUiLink(config: BatonConfig, workflowId: string): string {
  return `${config.temporalUiUrl}/namespaces/${encodeURIComponent(config.temporalNamespace)}/workflows/${encodeURIComponent(workflowId)}`;
}
