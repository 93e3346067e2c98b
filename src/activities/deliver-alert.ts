/**
 * Alert delivery agent: sends one schedule alert to one sink, exactly once as far as the receiver can tell.
 *
 *   webhook  an HTTP POST of the alert as JSON, signed with HMAC-SHA256 over the body with BATON_ALERT_SECRET
 *            (`X-Baton-Signature: sha256=<hex>`), the idempotency key in `Idempotency-Key` and in the body. A
 *            retried attempt sends the same key and the same bytes; the receiver keeps the first. A status other
 *            than 2xx throws, so the workflow's retry policy tries again with backoff.
 *   file     appends one JSON line to the file, unless a line with the key is already there (a retried attempt,
 *            or a worker killed after the append, does not append twice).
 *
 * Every attempt is counted in baton.schedule_alerts with its error, so a delivery that keeps failing shows in
 * `baton schedule show`.
 */
import { createHmac } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { Context } from '@temporalio/activity';
import { defineAgent } from '../agents/contract';
import { loadConfig } from '../settings/config';
import type { AlertBody, DeliverInput } from '../schedules/contract';
import { recordAttempt } from '../schedules/store';

const Input = z.custom<DeliverInput>((v) => typeof v === 'object' && v !== null && 'sink' in v && 'alert' in v);
const Output = z.object({ delivered: z.boolean(), sink: z.string(), already: z.boolean() });

/** The signature header's value for a body: `sha256=` and the hex HMAC-SHA256 of the bytes with the secret. */
export function signature(body: string, secret: string): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

async function postWebhook(url: string, alert: AlertBody): Promise<void> {
  const body = JSON.stringify(alert);
  const secret = process.env.BATON_ALERT_SECRET ?? '';
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'idempotency-key': alert.key,
      'x-baton-signature': signature(body, secret),
      'x-baton-attempt': String(Context.current().info.attempt),
    },
    body,
    signal: AbortSignal.timeout(10_000),
  });
  if (!response.ok) throw new Error(`webhook ${url} answered ${response.status} ${response.statusText}`);
}

async function appendOnce(file: string, alert: AlertBody): Promise<boolean> {
  await fs.mkdir(path.dirname(file), { recursive: true });
  const existing = await fs.readFile(file, 'utf8').catch(() => '');
  const keys = existing.split('\n').flatMap((line) => {
    try {
      return line ? [(JSON.parse(line) as { key?: string }).key] : [];
    } catch {
      return [];
    }
  });
  if (keys.includes(alert.key)) return true;
  await fs.appendFile(file, `${JSON.stringify(alert)}\n`);
  return false;
}

async function deliver(input: DeliverInput): Promise<z.input<typeof Output>> {
  const databaseUrl = loadConfig().databaseUrl;
  const name = input.sink.kind === 'webhook' ? `webhook:${input.sink.url}` : `file:${input.sink.path}`;
  try {
    let already = false;
    if (input.sink.kind === 'webhook') await postWebhook(input.sink.url, input.alert);
    else already = await appendOnce(input.sink.path, input.alert);
    await recordAttempt(databaseUrl, input.sink, input.alert, null);
    return { delivered: true, sink: name, already };
  } catch (err) {
    await recordAttempt(databaseUrl, input.sink, input.alert, (err as Error).message).catch(() => undefined);
    throw err;
  }
}

export const deliverAlert = defineAgent({ name: 'alert delivery', input: Input, output: Output, run: deliver });
