/**
 * The sandbox's child process: runs one generated script and exits.
 *
 * It is started by src/sandbox/sandbox.ts with Node's permission model (no file
 * writes, no child processes, no worker threads; the only readable file is this
 * one), a small heap and a minimal environment. The script itself runs in a fresh
 * V8 context that has no require, process, fetch, timers or eval: only the
 * language, the analysis kit and a JSON copy of its input. Strings cross the
 * boundary, never objects, so the script cannot reach this process's globals.
 */
import vm from 'node:vm';

interface Job {
  code: string;
  kit: string;
  input: unknown;
  timeoutMs: number;
}

function reply(message: object): void {
  process.stdout.write(JSON.stringify(message));
}

function run(job: Job): void {
  const context = vm.createContext(Object.create(null) as object, {
    name: 'baton-sandbox',
    codeGeneration: { strings: false, wasm: false },
    microtaskMode: 'afterEvaluate',
  });
  // Memory outside the heap limit (typed arrays, shared buffers, WebAssembly) is not on offer.
  vm.runInContext(
    `for (const name of ['ArrayBuffer', 'SharedArrayBuffer', 'Atomics', 'WebAssembly', 'DataView', 'Int8Array', 'Uint8Array', 'Uint8ClampedArray', 'Int16Array', 'Uint16Array', 'Int32Array', 'Uint32Array', 'Float32Array', 'Float64Array', 'BigInt64Array', 'BigUint64Array']) delete globalThis[name];`,
    context,
  );
  // Only strings enter the context.
  vm.runInContext(`globalThis.__input = ${JSON.stringify(JSON.stringify(job.input))};`, context);
  const program = [
    '"use strict";',
    'const kit = (() => { const exports = {}; const module = { exports };',
    job.kit,
    'return exports; })();',
    'const input = JSON.parse(globalThis.__input);',
    'const script = (input, kit) => {',
    job.code,
    '};',
    'const output = script(input, kit);',
    'if (output && typeof output.then === "function") throw new Error("the script must return its result, not a promise");',
    'JSON.stringify(output === undefined ? null : output);',
  ].join('\n');
  const started = process.hrtime.bigint();
  const output = vm.runInContext(program, context, { timeout: job.timeoutMs, filename: 'generated.js', displayErrors: false }) as string;
  reply({ ok: true, output, ms: Number(process.hrtime.bigint() - started) / 1e6 });
}

let text = '';
process.stdin.setEncoding('utf8');
process.stdin.on('data', (chunk: string) => {
  text += chunk;
});
process.stdin.on('end', () => {
  try {
    run(JSON.parse(text) as Job);
  } catch (err) {
    const e = err as { name?: unknown; message?: unknown; code?: unknown };
    const name = typeof e?.name === 'string' ? e.name : 'Error';
    const message = typeof e?.message === 'string' ? e.message : String(err);
    reply({ ok: false, error: `${name}: ${message}`, timeout: e?.code === 'ERR_SCRIPT_EXECUTION_TIMEOUT' });
  }
});
