/**
 * A local OpenAI-compatible server for tests: POST /v1/chat/completions answers
 * from a script per agent (the X-Baton-Agent header), in order, and records every
 * request. Replies can be JSON, raw text, a tool call, an HTTP error or slow.
 * The real `openai` client talks to it over HTTP; nothing leaves the machine.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ScriptedReply {
  /** HTTP status; errors answer with an OpenAI-style error body. */
  status?: number;
  /** The reply's content, as JSON. */
  json?: unknown;
  /** The reply's content, as raw text (for replies that are not JSON). */
  content?: string;
  /** A tool call instead of content. */
  toolCall?: { name: string; arguments: string };
  /** Wait this long before answering (a slow model). */
  delayMs?: number;
  usage?: { prompt_tokens: number; completion_tokens: number; cached_tokens?: number };
}

export interface RecordedRequest {
  agent: string;
  authorization: string;
  body: {
    model: string;
    temperature?: number;
    messages: { role: string; content: string | null; tool_call_id?: string; tool_calls?: { id: string }[] }[];
    tools?: unknown[];
    response_format?: { type: string; json_schema?: { name: string; schema: unknown } };
  };
}

export class ScriptedModelServer {
  readonly requests: RecordedRequest[] = [];
  private readonly scripts = new Map<string, ScriptedReply[]>();
  private server: http.Server | null = null;
  private calls = 0;

  /** Adds replies for an agent, answered in order. */
  script(agent: string, replies: ScriptedReply[]): void {
    this.scripts.set(agent, [...(this.scripts.get(agent) ?? []), ...replies]);
  }

  requestsOf(agent: string): RecordedRequest[] {
    return this.requests.filter((r) => r.agent === agent);
  }

  /** Replies scripted but not asked for. */
  unused(): Record<string, number> {
    return Object.fromEntries([...this.scripts].filter(([, r]) => r.length > 0).map(([a, r]) => [a, r.length]));
  }

  reset(): void {
    this.requests.length = 0;
    this.scripts.clear();
  }

  async start(): Promise<string> {
    this.server = http.createServer((req, res) => {
      let raw = '';
      req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      req.on('end', () => void this.answer(req, raw, res));
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/v1`;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  private async answer(req: http.IncomingMessage, raw: string, res: http.ServerResponse): Promise<void> {
    const send = (status: number, body: unknown) => {
      if (res.writableEnded || res.destroyed) return;
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions'))
      return send(404, { error: { message: `no route ${req.method ?? ''} ${req.url ?? ''}`, type: 'invalid_request_error' } });
    const agent = String(req.headers['x-baton-agent'] ?? '');
    const body = JSON.parse(raw) as RecordedRequest['body'];
    this.requests.push({ agent, authorization: String(req.headers.authorization ?? ''), body });
    // What OpenAI itself refuses with a 400, so the client is held to it.
    const refused = requestProblem(body);
    if (refused) return send(400, { error: { message: refused, type: 'invalid_request_error' } });
    const reply = this.scripts.get(agent)?.shift();
    if (!reply)
      return send(500, { error: { message: `no scripted reply left for ${agent || '(no agent header)'}`, type: 'server_error' } });
    if (reply.delayMs) await new Promise((r) => setTimeout(r, reply.delayMs));
    const status = reply.status ?? 200;
    if (status !== 200) {
      return send(status, {
        error: {
          message: status === 401 ? 'Incorrect API key provided.' : status === 429 ? 'Rate limit reached.' : `scripted error ${status}`,
          type: status === 401 ? 'invalid_request_error' : 'server_error',
          code: status === 401 ? 'invalid_api_key' : null,
        },
      });
    }
    this.calls += 1;
    const usage = reply.usage ?? { prompt_tokens: 1000, completion_tokens: 100, cached_tokens: 0 };
    send(200, {
      id: `chatcmpl-${this.calls}`,
      object: 'chat.completion',
      created: 1_764_460_800,
      model: 'test-model',
      choices: [
        {
          index: 0,
          finish_reason: reply.toolCall ? 'tool_calls' : 'stop',
          message: reply.toolCall
            ? { role: 'assistant', content: null, tool_calls: [{ id: `call_${this.calls}`, type: 'function', function: reply.toolCall }] }
            : { role: 'assistant', content: reply.content ?? JSON.stringify(reply.json) },
        },
      ],
      usage: {
        prompt_tokens: usage.prompt_tokens,
        completion_tokens: usage.completion_tokens,
        total_tokens: usage.prompt_tokens + usage.completion_tokens,
        prompt_tokens_details: { cached_tokens: usage.cached_tokens ?? 0 },
      },
    });
  }
}

/** The request checks OpenAI's chat completions API applies that a client is likely to get wrong. */
function requestProblem(body: RecordedRequest['body']): string | null {
  const format = body.response_format;
  if (format?.type === 'json_schema') {
    const schema = format.json_schema?.schema as { type?: unknown } | undefined;
    if (schema?.type !== 'object')
      return `Invalid schema for response_format '${format.json_schema?.name ?? ''}': schema must be a JSON Schema of 'type: "object"'`;
    if (JSON.stringify(schema).includes('"oneOf"'))
      return `Invalid schema for response_format '${format.json_schema?.name ?? ''}': 'oneOf' is not permitted`;
    if (!/^[a-zA-Z0-9_-]{1,64}$/.test(format.json_schema?.name ?? '')) return 'Invalid response_format name';
  }
  const usesTools = body.messages.some((m) => m.role === 'tool' || (m.tool_calls?.length ?? 0) > 0);
  if (usesTools && !body.tools?.length) return "messages with tool calls need 'tools' in the request";
  for (const [i, m] of body.messages.entries()) {
    if (m.role !== 'tool') continue;
    // A tool message must answer a call of the assistant message before the run of tool messages it is in.
    let j = i - 1;
    while (j >= 0 && body.messages[j]?.role === 'tool') j--;
    const calls = body.messages[j]?.tool_calls ?? [];
    if (!calls.some((c) => c.id === m.tool_call_id))
      return `messages with role 'tool' must be a response to a preceding message with 'tool_calls' (${m.tool_call_id ?? ''})`;
  }
  return null;
}
