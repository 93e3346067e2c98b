/**
 * Model settings: config/models.yaml (or BATON_MODELS_FILE) with environment
 * overrides. The API key is read from OPENAI_API_KEY only, never from a file, and
 * never leaves this process in a payload, a log line or an artifact.
 */
import { ApplicationFailure } from '@temporalio/common';
import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { z } from 'zod';
import { PROJECT_ROOT } from '../settings/config';

const AgentSettings = z.object({ model: z.string().min(1).optional(), temperature: z.number().min(0).max(2).optional() });

const ModelsFile = z.object({
  provider: z.enum(['rules', 'openai']).default('rules'),
  default_model: z.string().min(1).default('gpt-4o-mini'),
  timeout_ms: z.number().int().min(100).max(600_000).default(20_000),
  temperature: z.number().min(0).max(2).default(0),
  agents: z.record(z.string(), AgentSettings).default({}),
  conversation: z
    .object({ budget_tokens: z.number().int().min(200).default(12_000), keep_newest: z.number().int().min(2).default(10) })
    .default({ budget_tokens: 12_000, keep_newest: 10 }),
});

export interface ModelSettings {
  provider: 'rules' | 'openai';
  model: string;
  temperature: number;
  timeoutMs: number;
  baseURL: string | undefined;
  apiKey: string | undefined;
  conversation: { budgetTokens: number; keepNewest: number };
}

export function modelSettings(agent: string, env: NodeJS.ProcessEnv = process.env): ModelSettings {
  const file = path.resolve(PROJECT_ROOT, env.BATON_MODELS_FILE ?? 'config/models.yaml');
  // No file: the defaults (the offline rules model). A broken file is a configuration error, not worth retrying.
  const text = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
  const config = modelsFile(file, text);
  const timeout = Number(env.BATON_MODEL_TIMEOUT_MS ?? config.timeout_ms);
  const own = config.agents[agent] ?? {};
  const provider =
    env.BATON_MODEL_PROVIDER === 'openai' || env.BATON_MODEL_PROVIDER === 'rules' ? env.BATON_MODEL_PROVIDER : config.provider;
  return {
    provider,
    model: own.model ?? env.BATON_MODEL ?? config.default_model,
    temperature: own.temperature ?? config.temperature,
    timeoutMs: Number.isFinite(timeout) && timeout >= 100 ? timeout : config.timeout_ms,
    baseURL: env.OPENAI_BASE_URL || undefined,
    apiKey: env.OPENAI_API_KEY || undefined,
    conversation: { budgetTokens: config.conversation.budget_tokens, keepNewest: config.conversation.keep_newest },
  };
}

/** Text with anything that looks like an API key (and the configured key itself) masked. */
export function redactSecrets(text: string, apiKey?: string): string {
  let out = apiKey ? text.split(apiKey).join('***') : text;
  out = out.replace(/\b(sk|key)-[A-Za-z0-9_*.-]{6,}/g, '$1-***');
  return out;
}

/** The last models file read, parsed: each agent call reads the file (an edit counts at once) but parses it only when it changed. */
let lastParsed: { file: string; text: string; config: z.output<typeof ModelsFile> } | null = null;

function modelsFile(file: string, text: string): z.output<typeof ModelsFile> {
  if (lastParsed && lastParsed.file === file && lastParsed.text === text) return lastParsed.config;
  let raw: unknown;
  try {
    raw = parse(text) ?? {};
  } catch (err) {
    throw ApplicationFailure.create({
      type: 'ModelNotConfigured',
      nonRetryable: true,
      message: `models file ${file} is not valid YAML: ${(err as Error).message.split('\n')[0] ?? ''}`,
    });
  }
  const parsed = ModelsFile.safeParse(raw);
  if (!parsed.success) {
    throw ApplicationFailure.create({
      type: 'ModelNotConfigured',
      nonRetryable: true,
      message: `models file ${file}: ${parsed.error.issues[0]?.path.join('.') ?? ''}: ${parsed.error.issues[0]?.message ?? 'invalid'}`,
    });
  }
  lastParsed = { file, text, config: parsed.data };
  return parsed.data;
}
