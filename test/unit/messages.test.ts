/**
 * The message catalog (src/messages): every message, the areas' and each operation module's, renders in both
 * languages, each placeholder filled, and the Chinese text is Chinese where the English one is words.
 */
import { MESSAGES, PLACEHOLDER, render, textIn } from '../../src/messages';
import { allMessages } from '../../src/messages/catalog';
import { defineMessages, fill, templateOf, textOf, type Message } from '../../src/messages/message';
import { OPERATIONS } from '../../src/operations';

const ALL: Readonly<Record<string, Message>> = allMessages();
const keys = Object.keys(ALL);
const LANGUAGES = ['zh', 'en'] as const;
const messageOf = (key: string): Message => ALL[key] as Message;

/** A value for every placeholder of a message: its name in angle brackets, so the test sees where it went. */
function sampleParams(key: string): Record<string, string> {
  const message = messageOf(key);
  const names = [...`${message.zh} ${message.en}`.matchAll(PLACEHOLDER)].map((m) => m[1] ?? '');
  return Object.fromEntries(names.map((n) => [n, `<${n}>`]));
}

/** English prose: a word of three letters or more in lower case, once the placeholders are taken out. */
const hasEnglishWords = (s: string) => /\b[a-z]{3,}\b/.test(s.replace(PLACEHOLDER, ''));
const hasCjk = (s: string) => /[\u3000-\u303f\u4e00-\u9fff\uff00-\uffef]/.test(s);

describe('the message catalog', () => {
  it('has messages, each key named after its area', () => {
    expect(keys.length).toBeGreaterThan(100);
    for (const key of keys)
      expect(key).toMatch(
        /^(common|report|render|chart|trend|stats|quality|analysis|operation|reading|web|sessions|followup|schedules|reuse)\.[a-z0-9._-]+$/,
      );
  });

  it("holds every operation module's messages, each keyed by its kind", () => {
    for (const operation of Object.values(OPERATIONS)) {
      const own = Object.keys(operation.messages);
      expect(own.length).toBeGreaterThan(0);
      for (const key of own) {
        expect(key.startsWith(`operation.${operation.kind}.`)).toBe(true);
        expect(ALL[key]).toBe(operation.messages[key]);
      }
    }
    for (const key of keys.filter((k) => k.startsWith('operation.')))
      expect(Object.values(OPERATIONS).some((o) => key in o.messages)).toBe(true);
  });

  it.each(keys)('%s renders in both languages, every placeholder replaced', (key) => {
    const params = sampleParams(key);
    for (const language of LANGUAGES) {
      const text = fill(templateOf(messageOf(key), language), params);
      expect(text.length).toBeGreaterThan(0);
      expect(text).not.toMatch(PLACEHOLDER);
      expect(text).not.toMatch(/undefined|null|\[object/);
      // Every parameter of the message is used in each language that names it.
      for (const name of Object.keys(params)) if (messageOf(key)[language].includes(`{${name}}`)) expect(text).toContain(`<${name}>`);
    }
  });

  it.each(keys)('%s: the Chinese text is Chinese where the English one is words, and the two differ', (key) => {
    const { zh, en } = messageOf(key);
    if (hasEnglishWords(en)) expect(hasCjk(zh)).toBe(true);
    if (/[a-z]{3,}/i.test(en.replace(PLACEHOLDER, ''))) expect(zh).not.toBe(en);
    // No English prose in the Chinese text (names and terms such as "Welch", "Cohen's d", "hashtext" aside).
    expect(zh.replace(PLACEHOLDER, '').replace(/Welch|Cohen's d|hashtext|p 值|t 检验|t 统计量|t-test/g, '')).not.toMatch(/\b[a-z]{3,}\b/);
  });

  it('renders with the parameters given, once (a parameter is never read as a placeholder)', () => {
    expect(render('report.scope.period', { start: '2026-09-01', end: '2026-10-31' }, 'zh')).toBe('期间：2026-09-01 至 2026-10-31');
    expect(render('report.scope.period', { start: '2026-09-01', end: '2026-10-31' }, 'en')).toBe('Period: 2026-09-01 to 2026-10-31');
    expect(textIn('en')('report.title', { question: 'why {end}?' })).toBe('Analysis: why {end}?');
    expect(fill('{a}{b}', { a: '{b}', b: 1 })).toBe('{b}1');
    expect(fill(templateOf(messageOf('operation.top_n.formula'), 'zh'), { source: 's1', column: 'effect' })).toBe('s1 中按 effect 排序');
    expect(Object.keys(MESSAGES).every((key) => key in ALL)).toBe(true);
  });

  it('checks keys, languages and parameters when compiling', () => {
    const text = textIn('en');
    // @ts-expect-error a message needs both languages
    defineMessages({ 'report.only-chinese': { zh: '只有中文' } });
    // @ts-expect-error a key the catalog does not have
    expect(() => text('report.no-such-message')).toThrow();
    // @ts-expect-error a parameter missing
    expect(text('report.scope.period', { start: '2026-09-01' })).toBe('Period: 2026-09-01 to {end}');
    // @ts-expect-error a parameter for a message that has none
    expect(text('report.heading.summary', { extra: 1 })).toBe('Executive summary');
    const own = textOf(defineMessages({ 'operation.x.line': { zh: '{a} 行', en: '{a} line' } }), 'en');
    // @ts-expect-error an operation's renderer checks its parameters too
    expect(own('operation.x.line', {})).toBe('{a} line');
  });
});
