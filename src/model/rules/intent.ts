/** The offline rules model's intent: keyword rules, first match wins; with none, a general query. */
import { asMeant } from '../words/as-meant';
import type { Catalog } from '../../catalog/catalog';
import type { Intent, IntentOutput } from '../../contracts';
import { termSpans } from './terms';
import { detectLanguage } from '../language';

export const OFFLINE_MODEL_NAME = 'offline-rules';

/** Keyword rules, first match wins, in this order (a question of direction, then attribution, comparison, trend). */
export const INTENT_RULES: { intent: Exclude<Intent, 'query'>; pattern: RegExp }[] = [
  {
    // Which way it is moving ("going up or down?", "rising or falling", 涨还是跌): how it moved over time, not why.
    intent: 'trend',
    pattern:
      /(?:上涨|上升|增加|增长|提高|涨|升)了?还是(?:下跌|下降|减少|降低|下滑|跌|降)|(?:下跌|下降|减少|降低|下滑|跌|降)了?还是(?:上涨|上升|增加|增长|提高|涨|升)|\bup\s+or\s+down\b|\bdown\s+or\s+up\b|\b(?:rising|increasing|growing|climbing|improving)\s+or\s+(?:falling|decreasing|declining|shrinking|dropping|worsening)\b|\b(?:falling|decreasing|declining|shrinking|dropping|worsening)\s+or\s+(?:rising|increasing|growing|climbing|improving)\b/i,
  },
  {
    intent: 'attribution',
    pattern:
      /为什么|为啥|为何|(?<!哪个|哪些|哪种|哪类|哪一个|哪一种|哪一类)原因(?!是?哪)|导致|下降|上涨|\bwhy\b|\bcaus(?:e|es|ed|ing)\b|\bdrop(?:s|ped)?\b|\bris(?:e|es|en)\b|\brose\b|\bf[ae]ll(?:s|en|ing)?\b|\bdr(?:ive|ove|iven|iving)\b|\bdrivers?\b|\bexplain(?:s|ed)?\b|\bbehind the\b/i,
  },
  {
    intent: 'comparison',
    pattern:
      /对比|相比|差异|区别|同比|环比|同期|(?:和|跟|与)[^，。？,?]{1,12}比(?:怎么样|如何|较)?|\bcompar(?:e|es|ed|ing|ison)\b|\bversus\b|\bvs\.?(?=\s|[\u4e00-\u9fff])|\bstacks? up\b|\bagainst\b|\byear[- ]over[- ]year\b|\byoy\b|\bqoq\b|\bmom\b|\b(?:month|quarter|period)[- ]over[- ](?:month|quarter|period)\b/i,
  },
  {
    intent: 'trend',
    pattern:
      /趋势|走势|变化|增长|\btrends?\b|\btrend(?:ing|ed)\b|\bgrowth\b|\bgr[eo]w(?:s|ing|n)?\b|\bover time\b|\bchang(?:e|ed|es|ing)\b/i,
  },
];

/** Why the user asks, not what: "for comparison", "for reference", 作为参考. No kind of question is decided there. */
const PURPOSE =
  /\bfor\s+(?:a\s+)?(?:comparison|reference|context)(?:'s\s+sake)?\b|\bto\s+compare\s+(?:with|against|to)\s+(?:that|it|this|those|these)\b|作为参考|做个?参考|参考一下|对比一下上面的?/gi;
const purposeSpans = (question: string): [number, number][] =>
  [...question.matchAll(PURPOSE)].map((m): [number, number] => [m.index, m.index + m[0].length]);

/**
 * The first keyword rule that matches. With the catalog, a keyword inside one of its terms is the term's, not the
 * question's kind: "按取消原因" names the dimension cancel reason (取消原因), it does not ask why; "price drop rate"
 * would be a metric.
 */
export function classifyByKeywords(question: string, catalog?: Catalog): { intent: Intent; matched: string } | null {
  const terms = [...(catalog ? termSpans(question, catalog) : []), ...purposeSpans(question)];
  for (const rule of INTENT_RULES) {
    for (const m of question.matchAll(new RegExp(rule.pattern.source, `${rule.pattern.flags.replace('g', '')}g`))) {
      const [at, to] = [m.index, m.index + m[0].length];
      if (!terms.some(([s, e]) => at >= s && to <= e)) return { intent: rule.intent, matched: m[0] };
    }
  }
  return null;
}

/** What the offline model answers when no keyword rule matched: a general query. */
export function classifyIntent(question: string, catalog?: Catalog): IntentOutput {
  question = asMeant(question);
  const language = detectLanguage(question);
  const byRule = classifyByKeywords(question, catalog);
  if (byRule) return { intent: byRule.intent, decided_by: 'rules', matched: byRule.matched, model: null, language };
  return { intent: 'query', decided_by: 'model', matched: null, model: OFFLINE_MODEL_NAME, language };
}
