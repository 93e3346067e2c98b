/**
 * Every message Baton has, for listing and for the catalog test: the areas' (MESSAGES, src/messages/index.ts) and
 * each operation module's own (OPERATION_MESSAGES, gathered from the registry in src/operations/index.ts). The
 * operations' messages live in their modules, so that adding an operation touches only its module and its registry
 * line; they are rendered there with `textOf`, and `render`/`textIn` cover the areas'. Nothing imports this file
 * but the test and tools: the operation modules import the catalog's renderer, so the catalog cannot import them.
 */
import { OPERATION_MESSAGES } from '../operations';
import { MESSAGES } from './index';
import { RULES_MESSAGES } from './periods';
import { QUALITY_MESSAGES } from './quality';
import { SESSION_MESSAGES } from './sessions';
import type { Message } from './message';

/** Every message by key; a key defined twice (an operation's shadowing an area's) is an error. */
export function allMessages(): Readonly<Record<string, Message>> {
  const clash = Object.keys(OPERATION_MESSAGES).find((key) => key in MESSAGES);
  if (clash) throw new Error(`message ${clash} is defined twice`);
  return { ...MESSAGES, ...RULES_MESSAGES, ...OPERATION_MESSAGES, ...QUALITY_MESSAGES, ...SESSION_MESSAGES };
}
