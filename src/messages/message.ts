/**
 * What a message is: one text in the two languages side by side, each a template whose `{name}` placeholders are
 * the message's parameters. The placeholders are read from the templates by the type system, so a message's
 * parameters are typed: rendering it without one, or with an unknown one, is a compile error. Pure: no I/O, no
 * clock, no randomness, so workflow code may render messages too.
 */
import type { Language } from '../contracts';

/** One text in both languages; a placeholder is `{name}` (letters, digits, `_`). */
export interface Message {
  readonly zh: string;
  readonly en: string;
}

/** The placeholder names in a template: `'Period: {start} to {end}'` → `'start' | 'end'`. */
export type Placeholders<S extends string> = S extends `${string}{${infer Name}}${infer Rest}` ? Name | Placeholders<Rest> : never;

/** The parameters of a message: every placeholder of either language, each a string or a number. */
export type ParamsOf<M extends Message> = { readonly [K in Placeholders<M['zh']> | Placeholders<M['en']>]: string | number };

/**
 * An area's messages, keys as written: `defineMessages({ 'report.heading.summary': { zh: '执行摘要', en:
 * 'Executive summary' } })`. A message without one of the two languages does not compile.
 */
export function defineMessages<const M extends Record<string, Message>>(messages: M): M {
  return messages;
}

/** A placeholder in a template, as `fill` replaces it and the catalog test looks for what is left. */
export const PLACEHOLDER = /\{([A-Za-z_][A-Za-z0-9_]*)\}/g;

/**
 * The template with each placeholder replaced by its parameter, in one pass (a parameter's own text, a value
 * label with braces in it, is never read as a placeholder).
 */
export function fill(template: string, params: Readonly<Record<string, string | number>>): string {
  return template.replace(PLACEHOLDER, (whole, name: string) => {
    const value = params[name];
    return value === undefined ? whole : String(value);
  });
}

/** The template of a message in a language. */
export function templateOf(message: Message, language: Language): string {
  return language === 'zh' ? message.zh : message.en;
}

/** The arguments after a message's key: none for a message without placeholders, else its parameters. */
export type ParamsArgument<M extends Message> = [Placeholders<M['zh']> | Placeholders<M['en']>] extends [never]
  ? [params?: Record<string, never>]
  : [params: ParamsOf<M>];

/** A renderer of a set of messages bound to one language: `text('report.heading.summary')`. */
export type TextOf<M extends Record<string, Message>> = <K extends keyof M & string>(key: K, ...params: ParamsArgument<M[K]>) => string;

/**
 * A renderer of `messages` in `language`, keys and parameters typed. The catalog's `textIn` is this over every area;
 * an operation module renders its own messages (src/operations/<kind>.ts) with it.
 */
export function textOf<M extends Record<string, Message>>(messages: M, language: Language): TextOf<M> {
  return (key, ...params) => fill(templateOf(messages[key] as Message, language), params[0] ?? {});
}
