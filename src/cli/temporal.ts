/** Connecting the command line to Temporal, with one clear line when it cannot. */
import { Client, Connection } from '@temporalio/client';
import { dataConverterFromEnv } from '../codec';
import type { BatonConfig } from '../config';

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
  try {
    const connection = await Connection.connect({ address: config.temporalAddress, connectTimeout: '3 seconds' });
    return new Client({ connection, namespace: config.temporalNamespace, dataConverter });
  } catch (err) {
    const reason = (err as Error).message.split('\n')[0];
    throw new CliError(`cannot reach Temporal at ${config.temporalAddress} (${reason}); start it with "baton up" or set TEMPORAL_ADDRESS`);
  }
}

export function webUiLink(config: BatonConfig, workflowId: string): string {
  return `${config.temporalUiUrl}/namespaces/${encodeURIComponent(config.temporalNamespace)}/workflows/${encodeURIComponent(workflowId)}`;
}
