/**
 * The message catalog: every text Baton writes for people, keyed by id, in Chinese and English side by side (one
 * file per area, assembled here), and the one place where a message is rendered. Agents, operations and the report
 * sections hold data and message keys; `render(key, params, language)` (or `textIn(language)` for code that writes
 * many) turns them into text. A key that is not in the catalog, a message missing a language, and a missing or
 * unknown parameter are compile errors. Pure, so workflow code may render messages too.
 */
import type { Language } from '../contracts';
import { fill, templateOf, textOf, type ParamsOf, type TextOf } from './message';
import { COMMON_MESSAGES } from './common';
import { REPORT_MESSAGES } from './report';
import { REPORT_DATA_MESSAGES } from './report-data';
import { REPORT_PROSE_MESSAGES } from './report-prose';
import { RENDER_MESSAGES } from './render';
import { AGENT_MESSAGES } from './agents';
import { TREND_MESSAGES } from './trend';
import { READING_MESSAGES } from './reading';
import { FOLLOWUP_MESSAGES } from './followup';
import { REUSE_MESSAGES } from './reuse';
import { SCHEDULE_MESSAGES } from './schedules';
import { WEB_MESSAGES } from './web';

/** The areas' messages in one table. */
type AllMessages = typeof COMMON_MESSAGES &
  typeof REPORT_MESSAGES &
  typeof REPORT_DATA_MESSAGES &
  typeof REPORT_PROSE_MESSAGES &
  typeof RENDER_MESSAGES &
  typeof AGENT_MESSAGES &
  typeof TREND_MESSAGES &
  typeof READING_MESSAGES &
  typeof FOLLOWUP_MESSAGES &
  typeof REUSE_MESSAGES &
  typeof SCHEDULE_MESSAGES &
  typeof WEB_MESSAGES;

/**
 * Every message, by key; each area's keys start with its name (`report.`, `render.`, …). Copied with Object.assign
 * rather than an object spread: V8 built the spread of these ~480 keys in about 7 ms, each time a workflow started
 * (every workflow evaluates its modules anew), and Object.assign in about 0.1 ms.
 */
export const MESSAGES = Object.assign(
  {},
  COMMON_MESSAGES,
  REPORT_MESSAGES,
  REPORT_DATA_MESSAGES,
  REPORT_PROSE_MESSAGES,
  RENDER_MESSAGES,
  AGENT_MESSAGES,
  TREND_MESSAGES,
  READING_MESSAGES,
  FOLLOWUP_MESSAGES,
  REUSE_MESSAGES,
  SCHEDULE_MESSAGES,
  WEB_MESSAGES,
) as AllMessages;

export type Messages = typeof MESSAGES;
export type MessageKey = keyof Messages;

/** A message's parameters: none for a message without placeholders. */
export type MessageParams<K extends MessageKey> = ParamsOf<Messages[K]>;

/** The message `key` in `language`, its placeholders replaced by `params`. */
export function render<K extends MessageKey>(key: K, params: MessageParams<K>, language: Language): string {
  return fill(templateOf(MESSAGES[key], language), params);
}

/** A renderer bound to one language: `text('report.heading.summary')`, `text('report.line.period', { start, end })`. */
export type Text = TextOf<Messages>;

export function textIn(language: Language): Text {
  return textOf(MESSAGES, language);
}

export { type Message, type Placeholders, PLACEHOLDER } from './message';
