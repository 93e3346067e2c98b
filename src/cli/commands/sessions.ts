/** The `baton` commands of this group; registered by src/client.ts. */
import type { Command } from 'commander';

/** Adds this group's commands to the program (none yet). */
export function registerSessionCommands(_program: Command, _database: string): void {}
