/**
 * One model interface for every agent that makes a judgment (intent, planner,
 * coder, report writer), with two implementations:
 *
 *   - the offline rules model (the default): the agent's own deterministic rules;
 *   - an OpenAI-compatible model through the official `openai` package: the agent's
 *     stable instructions and the skills catalog first (so providers can cache the
 *     prompt prefix), the dynamic context last, the reply as JSON in the agent's zod
 *     contract. An invalid reply (not JSON, breaking the schema, naming something not
 *     in the catalog) is sent back with the problem quoted, at most 3 times; then a
 *     clear non-retryable failure. Rate limits, server errors and timeouts are
 *     retryable (Temporal's retry policy backs off); a rejected request or key is not.
 *
 * Calls happen only inside activities. Token usage per call, including cached
 * prompt tokens, goes to baton.model_usage.
 */
import { Context } from '@temporalio/activity';
import { ApplicationFailure } from '@temporalio/common';
import OpenAI from 'openai';
import { z } from 'zod';
import { loadConfig } from '../settings/config';
import { getPool } from '../storage/db';
import { fitConversation, type Turn } from './conversation';
import { modelSettings, redactSecrets, type ModelSettings } from './model-config';
import { OFFLINE_MODEL_NAME } from './rules/intent';
import { loadSkills, skillCatalog } from './skills';

export interface ModelTask<T> {
  /** The activity asking: settings and usage are per agent. */
  agent: string;
  /** The reply's contract. */
  schema: z.ZodType<T>;
  schemaName: string;
  /** What the agent does and how to answer: the stable part of the prompt. */
  instructions: string;
  /** Reference material that is the same from run to run (e.g. the catalog): placed in the system prompt, so it can be cached. */
  stable?: unknown;
  /** The task at hand (question, plan, inputs): the dynamic part, sent last. */
  context: unknown;
  /** Problems beyond the schema, e.g. names that are not in the catalog; empty when fine. */
  check?: (value: T) => string[];
  /** The offline rules model's answer. */
  offline: () => T | Promise<T>;
}

export interface ModelAnswer<T> {
  value: T;
  /** offline-rules, or the API model that answered. */
  model: string;
  /** Replies it took (1 + repairs); 1 for the rules model. */
  replies: number;
}

export interface Model {
  readonly provider: 'rules' | 'openai';
  ask<T>(task: ModelTask<T>): Promise<ModelAnswer<T>>;
}

/** Replies with problems sent back for repair before the agent gives up. */
export const MAX_REPAIRS = 3;
/** Tool rounds (skill loads) within one reply. */
const MAX_TOOL_ROUNDS = 3;

const rulesModel: Model = {
  provider: 'rules',
  async ask(task) {
    return { value: await task.offline(), model: OFFLINE_MODEL_NAME, replies: 1 };
  },
};

/** The model an agent uses, from config/models.yaml and the environment. */
export function modelFor(agent: string, env: NodeJS.ProcessEnv = process.env): Model {
  const settings = modelSettings(agent, env);
  return settings.provider === 'openai' ? new OpenAIModel(settings) : rulesModel;
}

const LOAD_SKILL: OpenAI.Chat.Completions.ChatCompletionTool = {
  type: 'function',
  function: {
    name: 'load_skill',
    description: 'Load the full text of one of the skills listed in the system prompt.',
    parameters: {
      type: 'object',
      properties: { name: { type: 'string', description: 'the skill name' } },
      required: ['name'],
      additionalProperties: false,
    },
  },
};

function fail(message: string, type: string, nonRetryable: boolean, apiKey?: string, nextRetryDelay?: string): never {
  throw ApplicationFailure.create({
    message: redactSecrets(message, apiKey),
    type,
    nonRetryable,
    ...(nextRetryDelay ? { nextRetryDelay } : {}),
  });
}

/**
 * The contract as a response schema APIs accept: an object at the top (a union is wrapped as
 * {"value": …}), anyOf rather than oneOf, no $schema.
 */
export function responseSchema(schema: z.ZodType): { schema: Record<string, unknown>; wrapped: boolean } {
  const raw = z.toJSONSchema(schema, { unrepresentable: 'any', io: 'output' }) as Record<string, unknown>;
  delete raw.$schema;
  const json = JSON.parse(JSON.stringify(raw).replace(/"oneOf":/g, '"anyOf":')) as Record<string, unknown>;
  if (json.type === 'object') return { schema: json, wrapped: false };
  return { schema: { type: 'object', properties: { value: json }, required: ['value'], additionalProperties: false }, wrapped: true };
}

/** Where the API is, for messages: scheme, host and path only (no credentials, no query). */
function origin(baseURL: string | undefined): string {
  if (!baseURL) return 'https://api.openai.com/v1';
  try {
    const u = new URL(baseURL);
    return `${u.protocol}//${u.host}${u.pathname.replace(/\/$/, '')}`;
  } catch {
    return '(the configured OPENAI_BASE_URL)';
  }
}

/** The activity's cancellation signal, so an abandoned attempt stops calling the API. */
function cancellation(): AbortSignal | undefined {
  try {
    return Context.current().cancellationSignal;
  } catch {
    return undefined;
  }
}

/** Retry-After (seconds or ms headers) as a Temporal duration, when the API sent one. */
function retryAfter(err: { headers?: unknown }): string | undefined {
  const headers = err.headers as { get?: (name: string) => string | null } | undefined;
  const ms = Number(headers?.get?.('retry-after-ms'));
  if (Number.isFinite(ms) && ms > 0) return `${Math.ceil(ms)}ms`;
  const s = Number(headers?.get?.('retry-after'));
  return Number.isFinite(s) && s > 0 ? `${Math.ceil(s)}s` : undefined;
}

export class OpenAIModel implements Model {
  readonly provider = 'openai' as const;
  private readonly client: OpenAI;

  constructor(private readonly settings: ModelSettings) {
    if (!settings.apiKey) {
      fail(
        'the model provider is openai but OPENAI_API_KEY is not set (set it, or BATON_MODEL_PROVIDER=rules for the offline model)',
        'ModelNotConfigured',
        true,
      );
    }
    // Retries are Temporal's (with backoff, visible in the history), not the SDK's.
    this.client = new OpenAI({ apiKey: settings.apiKey, baseURL: settings.baseURL, timeout: settings.timeoutMs, maxRetries: 0 });
  }

  async ask<T>(task: ModelTask<T>): Promise<ModelAnswer<T>> {
    const skills = loadSkills();
    const { schema: jsonSchema, wrapped } = responseSchema(task.schema);
    const system = [
      `You are the ${task.agent} agent of Baton, a multi-agent data-analysis system.`,
      task.instructions,
      `Skills you can load with the load_skill tool when you need them:\n${skillCatalog(skills)}`,
      ...(task.stable === undefined ? [] : [`Reference:\n${JSON.stringify(task.stable)}`]),
      `Reply with one JSON object that matches the JSON schema "${task.schemaName}"${wrapped ? ' (the answer inside {"value": …})' : ''} and nothing else.`,
    ].join('\n\n');
    let turns: Turn[] = [{ role: 'user', content: JSON.stringify(task.context), pinned: true }];
    for (let reply = 1; ; reply++) {
      const { content, turns: after, problem } = await this.complete(task.agent, system, turns, task.schemaName, jsonSchema, skills);
      turns = after;
      const problems = problem ? { errors: [problem] } : this.problems(task, content, wrapped);
      if (problems.value !== undefined) return { value: problems.value, model: this.settings.model, replies: reply };
      if (reply > MAX_REPAIRS) {
        fail(
          `${task.agent}: the model's reply was still invalid after ${MAX_REPAIRS} repairs: ${problems.errors.join('; ')}`,
          'ModelOutputInvalid',
          true,
        );
      }
      turns.push(
        { role: 'assistant', content },
        {
          role: 'user',
          content: `Your reply cannot be used: ${problems.errors.join('; ')}. Reply again with only the corrected JSON object.`,
        },
      );
    }
  }

  /** Parses and checks a reply: the value, or every problem to quote back. */
  private problems<T>(task: ModelTask<T>, content: string, wrapped: boolean): { value?: T; errors: string[] } {
    let raw: unknown;
    try {
      raw = JSON.parse(content.trim().replace(/^```(?:json)?\s*|\s*```$/g, ''));
    } catch (err) {
      return { errors: [`it is not valid JSON (${(err as Error).message})`] };
    }
    // A wrapped schema's answer is under "value"; an unwrapped answer is taken as it is.
    if (wrapped && raw && typeof raw === 'object' && !Array.isArray(raw) && Object.keys(raw).length === 1 && 'value' in raw)
      raw = raw.value;
    const parsed = task.schema.safeParse(raw);
    if (!parsed.success) {
      return { errors: parsed.error.issues.slice(0, 5).map((i) => `field "${i.path.join('.') || '(whole value)'}": ${i.message}`) };
    }
    const extra = task.check?.(parsed.data) ?? [];
    return extra.length > 0 ? { errors: extra } : { value: parsed.data, errors: [] };
  }

  /** One reply: tool rounds (skill loads) until the model answers in text. */
  private async complete(
    agent: string,
    system: string,
    turns: Turn[],
    schemaName: string,
    schema: Record<string, unknown>,
    skills: ReturnType<typeof loadSkills>,
  ): Promise<{ content: string; turns: Turn[]; problem: string | null }> {
    for (let round = 0; ; round++) {
      turns = fitConversation(turns, this.settings.conversation.budgetTokens, this.settings.conversation.keepNewest).turns;
      const messages: OpenAI.Chat.Completions.ChatCompletionMessageParam[] = [
        { role: 'system', content: system },
        ...turns.map((t): OpenAI.Chat.Completions.ChatCompletionMessageParam =>
          t.role === 'tool'
            ? { role: 'tool', content: t.content, tool_call_id: t.tool_call_id ?? '' }
            : t.role === 'assistant'
              ? { role: 'assistant', content: t.content, ...(t.tool_calls ? { tool_calls: t.tool_calls } : {}) }
              : { role: 'user', content: t.content },
        ),
      ];
      const response = await this.call(agent, {
        model: this.settings.model,
        temperature: this.settings.temperature,
        messages,
        // The tool stays declared (the history may hold tool calls); the last round may not call it.
        tools: [LOAD_SKILL],
        ...(round >= MAX_TOOL_ROUNDS ? { tool_choice: 'none' as const } : {}),
        response_format: { type: 'json_schema', json_schema: { name: schemaName.replace(/[^A-Za-z0-9_-]/g, '_'), schema, strict: false } },
      });
      const message = response.choices[0]?.message;
      const calls = (message?.tool_calls ?? []).filter(
        (c): c is OpenAI.Chat.Completions.ChatCompletionMessageFunctionToolCall => c.type === 'function',
      );
      if (calls.length > 0 && round < MAX_TOOL_ROUNDS) {
        turns = [
          ...turns,
          {
            role: 'assistant',
            content: message?.content ?? '',
            tool_calls: calls.map((c) => ({
              id: c.id,
              type: 'function' as const,
              function: { name: c.function.name, arguments: c.function.arguments },
            })),
          },
        ];
        for (const c of calls) {
          const name = skillNameOf(c.function.arguments);
          const skill = c.function.name === 'load_skill' ? skills.find((s) => s.name === name) : undefined;
          turns.push({
            role: 'tool',
            tool_call_id: c.id,
            content: skill ? skill.body : `no skill named "${name}"; available: ${skills.map((s) => s.name).join(', ')}`,
          });
        }
        continue;
      }
      const choice = response.choices[0];
      const problem = message?.refusal
        ? `the model refused: ${message.refusal}`
        : choice?.finish_reason === 'length'
          ? 'the reply was cut off at the length limit; answer more briefly'
          : null;
      return { content: message?.content ?? '', turns, problem };
    }
  }

  /** One API call, its usage recorded; API errors mapped to retryable or not. */
  private async call(
    agent: string,
    body: OpenAI.Chat.Completions.ChatCompletionCreateParamsNonStreaming,
  ): Promise<OpenAI.Chat.Completions.ChatCompletion> {
    const { apiKey, baseURL, timeoutMs, model } = this.settings;
    const where = origin(baseURL);
    let response: OpenAI.Chat.Completions.ChatCompletion;
    try {
      response = await this.client.chat.completions.create(body, { headers: { 'X-Baton-Agent': agent }, signal: cancellation() });
    } catch (err) {
      if (err instanceof OpenAI.APIUserAbortError)
        fail(`${agent}: the call to ${where} was cancelled with its activity`, 'ModelCallCancelled', true, apiKey);
      if (err instanceof OpenAI.APIConnectionTimeoutError)
        fail(`${agent}: model ${model} at ${where} did not answer within ${timeoutMs} ms`, 'ModelTimeout', false, apiKey);
      if (err instanceof OpenAI.APIConnectionError)
        fail(`${agent}: cannot reach the model API at ${where}: ${err.message}`, 'ModelUnreachable', false, apiKey);
      if (err instanceof OpenAI.APIError) {
        const status: number = typeof err.status === 'number' ? err.status : 0;
        if (status === 401 || status === 403)
          fail(
            `${agent}: the model API at ${where} rejected the credentials (${status}); check OPENAI_API_KEY`,
            'ModelAuthFailed',
            true,
            apiKey,
          );
        if (status === 429)
          fail(
            `${agent}: rate limited by the model API (429); retrying with backoff`,
            'ModelRateLimited',
            false,
            apiKey,
            retryAfter(err as { headers?: unknown }),
          );
        if (status === 408 || status === 409 || status >= 500)
          fail(
            `${agent}: the model API answered ${status}: ${err.message}`,
            'ModelServerError',
            false,
            apiKey,
            retryAfter(err as { headers?: unknown }),
          );
        fail(`${agent}: the model API refused the request (${status}): ${err.message}`, 'ModelRequestRejected', true, apiKey);
      }
      // Anything else (a bad header, a parse error) says what happened, with key-like text masked.
      fail(`${agent}: the call to ${where} failed: ${err instanceof Error ? err.message : String(err)}`, 'ModelCallFailed', false, apiKey);
    }
    await recordUsage(agent, response);
    return response;
  }
}

/** The skill a load_skill call asks for ('' when its arguments are not the expected JSON). */
function skillNameOf(args: string): string {
  try {
    const parsed = JSON.parse(args) as { name?: unknown };
    return typeof parsed.name === 'string' ? parsed.name : '';
  } catch {
    return '';
  }
}

/** Prompt, completion and cached prompt tokens of one call, as the API reported them. */
async function recordUsage(agent: string, response: OpenAI.Chat.Completions.ChatCompletion): Promise<void> {
  try {
    await insertUsage(agent, response);
  } catch {
    // Bookkeeping must not fail a call that has been answered (and paid for).
  }
}

async function insertUsage(agent: string, response: OpenAI.Chat.Completions.ChatCompletion): Promise<void> {
  const usage = response.usage;
  let info: ReturnType<typeof Context.current>['info'] | null;
  try {
    info = Context.current().info;
  } catch {
    info = null;
  }
  await getPool(loadConfig().databaseUrl)
    .query(
      `INSERT INTO baton.model_usage (workflow_id, activity_id, agent, attempt, model, prompt_tokens, completion_tokens, cached_tokens)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [
        info?.workflowExecution?.workflowId ?? '',
        info?.activityId ?? '',
        agent,
        info?.attempt ?? 0,
        response.model,
        usage?.prompt_tokens ?? 0,
        usage?.completion_tokens ?? 0,
        usage?.prompt_tokens_details?.cached_tokens ?? 0,
      ],
    )
    .catch(() => undefined);
}
