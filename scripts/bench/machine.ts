/** What the benches print about the machine they ran on: CPUs, memory, versions and load, each read from the system. */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** The CPU's model name (/proc/cpuinfo, else Node's view of it). */
export function cpuModel(): string {
  try {
    const line = fs
      .readFileSync('/proc/cpuinfo', 'utf8')
      .split('\n')
      .find((l) => l.startsWith('model name'));
    const name = line?.split(':')[1]?.trim();
    if (name) return name;
  } catch {
    // not Linux
  }
  return os.cpus()[0]?.model ?? 'unknown CPU';
}

/** The output of a version command, or "unknown" when it cannot run. */
function versionOf(command: string, args: string[]): string {
  try {
    return execFileSync(command, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return 'unknown';
  }
}

/** The Temporal CLI's version line (it names the embedded server and UI), from the project's .tools/bin. */
export function temporalCliVersion(root: string): string {
  return versionOf(path.join(root, '.tools', 'bin', 'temporal'), ['--version']);
}

/** The PostgreSQL server's version, asked of the server at `databaseUrl` through its `postgres` database (a bench's own database may not exist yet). */
export function postgresVersion(databaseUrl: string): string {
  return versionOf('psql', ['-At', '-c', 'SHOW server_version', databaseUrl.replace(/\/[^/?]*(\?|$)/, '/postgres$1')]);
}

/** "2 CPUs (nproc), <model>, 23.5 GiB memory, <extras…>; load average at the start 0.39 1.08 2.44". */
export function machineLine(extras: string[]): string {
  const head = [`${os.availableParallelism()} CPUs (nproc)`, cpuModel(), `${(os.totalmem() / 2 ** 30).toFixed(1)} GiB memory`, ...extras];
  return `${head.join(', ')}; load average at the start ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`;
}
