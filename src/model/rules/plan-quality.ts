/**
 * Reading a data-quality question: "is anything wrong with the payment data?", "订单数据有什么问题", "how many
 * invoices have no billing state", "are there any orders with a negative amount?". Everything comes from the
 * catalog: a table is named by its name (singular or plural), by its metrics' labels, or by the words of its checks'
 * descriptions; a check is named by its column's words (or its description's) together with the words of its rule
 * (negative, no / missing / without, in the future, before). A question that names a check asks for its count; one that
 * asks what is wrong with a table (wrong, problem, issue, quality, 问题, 异常) asks for every failing check. A named
 * period limits the counts to it; none means all of the data. Not a data-quality question: null, and the other
 * planners read it.
 */
import type { Catalog, ColumnCheck } from '../../catalog/catalog';
import type { Language, Plan, TimeWindow } from '../../contracts';
import { catalogText } from '../../format/labels';
import { textOf } from '../../messages/message';
import { QUALITY_MESSAGES } from '../../messages/quality';
import { findTimeWindow } from '../period-text';

/** Words asking what is wrong, in either language. */
const WHAT_IS_WRONG =
  /\b(?:wrong|problems?|issues?|quality|dirty|broken|invalid|errors?|anomal\w*|inconsisten\w*|suspicious)\b|问题|异常|质量|脏数据|错误|不对|有误/i;
/** Words saying the question is about data rather than a metric. */
const DATA_NOUN = /\b(?:data|table|records?|rows?)\b|数据|表|记录/i;

/** The words of a rule, as people name the problem it finds. */
const RULE_WORDS: Record<ColumnCheck['rule'], RegExp> = {
  non_negative: /\bnegative\b|\bbelow zero\b|\bless than (?:zero|0)\b|负/i,
  not_null: /\b(?:no|without|missing|empty|blank|null|lacks?|lacking)\b|缺少|缺失|没有|为空|无/i,
  not_in_future: /\bfuture\b|未来/i,
  not_before: /\bbefore\b|\bearlier\b|\bprior to\b|早于|之前|先于/i,
};

const STOP = new Set([
  'a',
  'an',
  'the',
  'of',
  'in',
  'on',
  'with',
  'without',
  'no',
  'id',
  'is',
  'are',
  'and',
  'or',
  'for',
  'to',
  'by',
  'at',
]);

/** A word's simple stem: lower case, a plural's s (ies → y, es, s) taken off. */
function stem(word: string): string {
  const w = word.toLowerCase();
  if (w.length > 4 && w.endsWith('ies')) return `${w.slice(0, -3)}y`;
  if (w.length > 4 && /(?:ss|x|ch|sh)es$/.test(w)) return w.slice(0, -2);
  if (w.length > 3 && w.endsWith('s') && !w.endsWith('ss')) return w.slice(0, -1);
  return w;
}

const wordsOf = (text: string): string[] => (text.toLowerCase().match(/[a-z0-9]+/g) ?? []).map(stem).filter((w) => !STOP.has(w));
const bigrams = (text: string): string[] =>
  [...text].flatMap((c, i, all) => (i + 1 < all.length && /[\u4e00-\u9fff]{2}/.test(c + all[i + 1]) ? [c + all[i + 1]] : []));

interface Named {
  table: string;
  index: number;
  check: ColumnCheck;
  score: number;
}

/**
 * The checks the question names: its rule's words are in the question, and so are all of its column's words (English),
 * or at least two words of its description besides its table's (English or Chinese). Best first.
 */
function namedChecks(question: string, catalog: Catalog): Named[] {
  const asked = new Set(wordsOf(question));
  const askedPairs = new Set(bigrams(question));
  const found: Named[] = [];
  for (const [table, def] of Object.entries(catalog.tables)) {
    const tableWords = new Set(wordsOf(table.replace(/_/g, ' ')));
    def.checks.forEach((check, index) => {
      if (!RULE_WORDS[check.rule].test(question)) return;
      const column = wordsOf(check.column.replace(/_/g, ' '));
      const byColumn = column.length > 0 && column.every((w) => asked.has(w)) ? column.length + 1 : 0;
      const description = wordsOf(check.description ?? '').filter((w) => !tableWords.has(w) && asked.has(w)).length;
      const zh = bigrams(check.description_zh ?? '').filter((p) => askedPairs.has(p)).length;
      const score = Math.max(byColumn, description >= 2 ? description : 0, zh >= 2 ? zh : 0);
      if (score > 0) found.push({ table, index, check, score });
    });
  }
  return found.sort((a, b) => b.score - a.score);
}

/** How strongly the question names each table: its name, its metrics' labels, its checks' descriptions. */
function tableScores(question: string, catalog: Catalog): Map<string, number> {
  const asked = new Set(wordsOf(question));
  const lower = question.toLowerCase();
  // The subject of a Chinese question: what comes before 数据 or 表 ("订单数据有什么问题" → 订单).
  const subject = /([\u4e00-\u9fff]{1,6}?)(?:的)?(?:数据|表)/.exec(question)?.[1]?.replace(/^(?:我们|看看|检查|请问|这些|所有)+/, '') ?? '';
  const scores = new Map<string, number>();
  for (const [table, def] of Object.entries(catalog.tables)) {
    const name = wordsOf(table.replace(/_/g, ' '));
    let score = name.length > 0 && name.every((w) => asked.has(w)) ? 3 * name.length : 0;
    const metrics = Object.values(catalog.metrics).filter((m) => m.table === table);
    for (const m of metrics) {
      if (m.label && new RegExp(`\\b${m.label.toLowerCase().replace(/[^a-z0-9 ]/g, '')}\\b`).test(lower)) score += 1;
      if (subject && (m.label_zh ?? '').includes(subject)) score += 1;
    }
    if (subject) score += def.checks.filter((c) => (c.description_zh ?? '').includes(subject)).length;
    if (score > 0) scores.set(table, score);
  }
  return scores;
}

/** The best-named tables (ties all kept). */
function namedTables(question: string, catalog: Catalog): string[] {
  const scores = tableScores(question, catalog);
  const best = Math.max(0, ...scores.values());
  return best > 0 ? [...scores].filter(([, s]) => s === best).map(([t]) => t) : [];
}

/** The plan for a data-quality question, a refusal when its tables have no checks, or null when it is not one. */
export function planQualityQuestion(question: string, catalog: Catalog, language: Language, asOf: string): Plan | null {
  const text = textOf(QUALITY_MESSAGES, language);
  const window: TimeWindow | null = findTimeWindow(question, asOf);
  const period = window ? catalogText(language, window.label_en, window.label_zh) : text('quality.question.all-data');
  const named = namedChecks(question, catalog);
  const top = named[0];
  if (top) {
    const best = named.filter((n) => n.score === top.score);
    const checks = best.map((n) => `${n.table}.${n.check.column}.${n.check.rule}`);
    const tables = [...new Set(best.map((n) => n.table))];
    const labels = best.map((n, i) => catalogText(language, n.check.description ?? checks[i] ?? '', n.check.description_zh));
    const statement = text('quality.question.statement.named', { checks: labels.join(', '), tables: tables.join(', '), period });
    return { kind: 'quality', ask: 'named_problem', tables, checks, window, assumptions: [], statement };
  }
  if (!WHAT_IS_WRONG.test(question)) return null;
  const tables = namedTables(question, catalog);
  if (tables.length === 0 && !DATA_NOUN.test(question)) return null;
  const withChecks = Object.entries(catalog.tables)
    .filter(([, d]) => d.checks.length > 0)
    .map(([t]) => t);
  const asked = tables.length > 0 ? tables : withChecks;
  const checked = asked.filter((t) => withChecks.includes(t));
  if (checked.length === 0) {
    const reason = text('quality.question.no-checks', {
      tables: asked.join(', ') || '—',
      with: withChecks.join(', ') || text('quality.question.no-checks.none'),
    });
    return { kind: 'cannot_answer', reason, available_metrics: [] };
  }
  const count = checked.reduce((n, t) => n + (catalog.tables[t]?.checks.length ?? 0), 0);
  const statement = text('quality.question.statement.what-is-wrong', { tables: checked.join(', '), checks: count, period });
  return { kind: 'quality', ask: 'what_is_wrong', tables: checked, checks: [], window, assumptions: [], statement };
}
