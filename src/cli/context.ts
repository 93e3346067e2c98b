/** What every command shares: the settings read from the environment once, and a Temporal client for one command. */
import type { Client } from '@temporalio/client';
import { loadConfig } from '../settings/config';
import { connectTemporal } from './temporal';

export const config = loadConfig();

export async function withTemporal<T>(fn: (client: Client) => Promise<T>): Promise<T> {
  const client = await connectTemporal(config);
  try {
    return await fn(client);
  } finally {
    await client.connection.close();
  }
}
