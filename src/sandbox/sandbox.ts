/**
 * Runs generated analysis code in an isolated process (see runner.ts for what the
 * code can reach) with a time limit, a heap limit and an output limit. The result
 * says plainly what happened: ok, error, timeout, out of memory, or killed.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { PROJECT_ROOT } from '../settings/config';

export interface SandboxLimits {
  /** Time the script may run inside the context (the vm timeout: wall-clock, on a single thread). */
  timeoutMs: number;
  /** Heap of the child process. */
  memoryMb: number;
  /** Bytes of output accepted back. */
  maxOutputBytes: number;
}

export const SANDBOX_LIMITS: SandboxLimits = { timeoutMs: 2_000, memoryMb: 96, maxOutputBytes: 4 * 1024 * 1024 };

/** Node 20-22 call the permission model experimental; Node 23.5+ name it --permission (and later drop the old flag). */
const PERMISSION_FLAG = process.allowedNodeEnvironmentFlags.has('--permission') ? '--permission' : '--experimental-permission';

export type SandboxResult =
  { status: 'ok'; output: unknown; ms: number } | { status: 'error' | 'timeout' | 'memory' | 'killed'; detail: string; ms: number };

/** A compiled file: the sandbox runs JavaScript from dist/ whether Baton runs from src/ (tests) or dist/. */
const compiled = (relative: string) => {
  const file = path.join(PROJECT_ROOT, 'dist', relative);
  if (!fs.existsSync(file)) throw new Error(`${file} is missing; run "npm run build" first`);
  return file;
};

let kitSource: string | null = null;
/** The analysis kit the code may call: the compiled, dependency-free src/analysis/derive.ts. */
function kit(): string {
  kitSource ??= fs.readFileSync(compiled('src/analysis/derive.js'), 'utf8').replace(/^\/\/# sourceMappingURL=.*$/m, '');
  return kitSource;
}

export async function runInSandbox(code: string, input: unknown, limits: SandboxLimits = SANDBOX_LIMITS): Promise<SandboxResult> {
  const runner = compiled('src/sandbox/runner.js');
  const started = Date.now();
  const child = spawn(
    process.execPath,
    [PERMISSION_FLAG, `--allow-fs-read=${runner}`, `--max-old-space-size=${limits.memoryMb}`, '--no-warnings', runner],
    { env: { NODE_OPTIONS: '' }, stdio: ['pipe', 'pipe', 'pipe'] },
  );
  let stdout = '';
  let stderr = '';
  let overflow = false;
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    stdout += chunk;
    if (stdout.length > limits.maxOutputBytes) {
      overflow = true;
      child.kill('SIGKILL');
    }
  });
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    if (stderr.length < 10_000) stderr += chunk;
  });
  // The wall clock backs up the in-context timeout (which a crash or a blocked child would not honour).
  const wall = setTimeout(() => child.kill('SIGKILL'), limits.timeoutMs + 5_000);
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('close', (code, signal) => resolve({ code, signal })),
  );
  child.stdin.on('error', () => undefined);
  child.stdin.end(JSON.stringify({ code, kit: kit(), input, timeoutMs: limits.timeoutMs }));
  const { code: exitCode, signal } = await exit;
  clearTimeout(wall);
  const ms = Date.now() - started;

  if (overflow) return { status: 'killed', detail: `the output passed ${limits.maxOutputBytes} bytes`, ms };
  if (/heap out of memory|Reached heap limit|Allocation failed/i.test(stderr)) {
    return { status: 'memory', detail: `ran out of memory (heap limit ${limits.memoryMb} MB)`, ms };
  }
  if (signal || exitCode !== 0 || !stdout) {
    return {
      status: 'killed',
      detail: `the sandbox process ended with ${signal ?? `exit code ${String(exitCode)}`}${stderr ? `: ${stderr.trim().split('\n').slice(-1)[0] ?? ''}` : ''}`,
      ms,
    };
  }
  const message = JSON.parse(stdout) as { ok: true; output: string; ms: number } | { ok: false; error: string; timeout: boolean };
  if (!message.ok) {
    return message.timeout
      ? { status: 'timeout', detail: `stopped after ${limits.timeoutMs} ms (time limit)`, ms }
      : { status: 'error', detail: message.error, ms };
  }
  return { status: 'ok', output: JSON.parse(message.output) as unknown, ms: message.ms };
}
