/**
 * `baton web`: the page for analysts (src/web), on 127.0.0.1:8080 by default (--host, --port; BATON_WEB_HOST,
 * BATON_WEB_PORT), with the CLI's Temporal client and settings. Bound to any address but loopback it refuses to start
 * without BATON_WEB_TOKEN or BATON_WEB_BASIC_AUTH. Runs until SIGINT or SIGTERM; `baton up` starts it in the background.
 */
import type { Command } from 'commander';
import { startWeb } from '../../web/app';
import { AccessSettingsError, accessFor, Signer } from '../../web/security';
import { followUpPart } from '../../web/follow-up';
import { action } from '../action';
import { config } from '../context';
import { CliError, connectTemporal } from '../temporal';

export const DEFAULT_WEB_HOST = '127.0.0.1';
export const DEFAULT_WEB_PORT = 8080;

export async function webCommand(opts: { host: string; port: string }): Promise<void> {
  const port = Number(opts.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new CliError(`--port must be a port number, not "${opts.port}"`, 2);
  let access;
  try {
    access = accessFor(opts.host);
  } catch (err) {
    if (err instanceof AccessSettingsError) throw new CliError(err.message, 2);
    throw err;
  }
  const client = await connectTemporal(config);
  const web = await startWeb({ client, config, access, signer: new Signer(), followUp: followUpPart() }, opts.host, port).catch(
    (err: Error) => {
      throw new CliError(`baton web cannot listen on ${opts.host}:${port}: ${err.message}`);
    },
  );
  console.log(`baton web listening on ${web.url}${access ? ' (sign-in required)' : ''} · Temporal ${config.temporalAddress}`);
  await new Promise<void>((resolve) => {
    const stop = () => resolve();
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  await web.close();
  await client.connection.close();
}

/** Adds `baton web` to the program. */
export function registerWebCommands(program: Command, _database: string): void {
  program
    .command('web')
    .description('serve the page for analysts: ask, watch the run, approve its plan, read the audited answer, follow up')
    .option(
      '--host <address>',
      'address to listen on (BATON_WEB_HOST); any but loopback needs BATON_WEB_TOKEN',
      process.env.BATON_WEB_HOST ?? DEFAULT_WEB_HOST,
    )
    .option('--port <n>', 'port to listen on (BATON_WEB_PORT)', process.env.BATON_WEB_PORT ?? String(DEFAULT_WEB_PORT))
    .action(action(webCommand));
}
