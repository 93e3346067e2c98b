/**
 * Polarity, the implied metric and refusals that help (src/model/words/, src/model/rules/refusals.ts,
 * src/activities/planner.ts): losses rank from the bottom, a ranking with no metric uses the catalog's main metric and
 * says so, and a question that cannot be answered is offered the close catalog terms and questions that read.
 * Phrasings are written from the class; each asserts the exact reading or text.
 */
import { PLURAL_WHICH_N } from '../../src/model/rules/ranking';
import path from 'node:path';
import { loadCatalog } from '../../src/catalog/catalog';
import type { Plan } from '../../src/contracts';
import { planAnalysis } from '../../src/activities/planner';
import { classifyIntent, planQuestion, readingOfPlan, readQuestion } from '../../src/model/rules';
import { extent } from './chinook-extent';
import { bookshop, twoMoney, withProfit } from './words-catalogs';

const chinook = loadCatalog(path.resolve(__dirname, '../..', 'catalogs', 'chinook.yaml'));
const demo = loadCatalog(path.resolve(__dirname, '../..', 'catalogs', 'demo.yaml'));
const AS_OF = '2026-11-30';

const ranked = (question: string, catalog = withProfit) => {
  const r = readQuestion(question, catalog);
  return { metrics: r.metrics, groupBy: r.groupBy, topN: r.topN, implied: r.implied };
};

describe('losses and the worst rank from the bottom', () => {
  test('losing money is the bottom of profit', () => {
    const bottom = (n: number) => ({ metrics: ['profit'], groupBy: ['product'], topN: { n, order: 'asc' }, implied: null });
    expect(ranked('Which 3 products lost the most money?')).toEqual(bottom(3));
    // A plural "which" with no count is a short list (PLURAL_WHICH_N): "which customers spent the most" was asked for a
    // list by a blind writer (eval/as-users-ask/chinook-heldout.ts); "which product" is the first.
    expect(ranked('which products had the most losses')).toEqual(bottom(PLURAL_WHICH_N));
    expect(ranked('which product had the most losses')).toEqual(bottom(1));
    expect(ranked('the five products with the biggest loss')).toMatchObject({ metrics: ['profit'], topN: { n: 5, order: 'asc' } });
    expect(ranked('least profitable product')).toEqual(bottom(1));
    expect(ranked('亏损最多的三个商品')).toEqual(bottom(3));
  });

  test('"lowest" and "worst" ask for the bottom of what they name; "most profitable" for the top', () => {
    expect(ranked('Which product has the lowest price?')).toEqual({
      metrics: ['unit_price'],
      groupBy: ['product'],
      topN: { n: 1, order: 'asc' },
      implied: null,
    });
    expect(ranked('most profitable region')).toEqual({
      metrics: ['profit'],
      groupBy: ['region'],
      topN: { n: 1, order: 'desc' },
      implied: null,
    });
    expect(ranked('销售额最差的区域', demo)).toEqual({
      metrics: ['gmv'],
      groupBy: ['region'],
      topN: { n: 1, order: 'asc' },
      implied: null,
    });
  });
});

describe('a ranking that names no metric', () => {
  test('uses the primary_metric, or the one additive money metric, and says so', () => {
    const implied = (metric: string, order: 'asc' | 'desc', by: string) => ({
      metrics: [metric],
      groupBy: [by],
      topN: { n: 1, order },
      implied: { metric, reason: 'primary_metric' },
    });
    expect(ranked('What is our top product?')).toEqual(implied('turnover', 'desc', 'product'));
    expect(ranked('哪个区域表现最差')).toEqual(implied('turnover', 'asc', 'region'));
    // Chinook names no primary_metric: revenue is its one additive money metric (track revenue is its finer twin).
    expect(ranked('who is our best sales rep?', chinook)).toEqual(implied('revenue', 'desc', 'support_rep'));
    expect(ranked('哪个客户最好', chinook)).toEqual(implied('revenue', 'desc', 'customer'));
    const plan = planQuestion('What is our top category?', classifyIntent('What is our top category?'), demo, AS_OF);
    expect(plan.kind === 'plan' && plan.assumptions[0]).toBe('"top" read as the highest GMV, the catalog\'s primary metric');
    const zh = planQuestion('哪个区域表现最差', classifyIntent('哪个区域表现最差'), demo, AS_OF);
    expect(zh.kind === 'plan' && zh.assumptions[0]).toBe('“最差”理解为销售额最低（目录的主要指标）');
  });

  test('a catalog with no primary metric and several money metrics leaves it unmatched', () => {
    // The bookshop has one money metric: it is implied. Add a second, additive, and none is.
    expect(ranked('best shop', bookshop).implied).toEqual({ metric: 'turnover', reason: 'primary_metric' });
    expect(ranked('best shop', twoMoney)).toMatchObject({ metrics: [], implied: null });
  });
});

describe('refusals that help', () => {
  const refusal = (question: string, catalog = chinook): string => {
    const p: Plan = planQuestion(question, classifyIntent(question), catalog, AS_OF);
    return p.kind === 'cannot_answer' ? p.reason.replace(/^.*; (?=did you mean|您是想问)|^.*；(?=您是想问)/, '') : p.kind;
  };

  test("a word close to a catalog term is offered, in the question's language", () => {
    expect(refusal('What was the revenu in 2024?')).toBe('did you mean "revenue" or "track revenue"?');
    expect(refusal('total turnovr', bookshop)).toBe('did you mean "turnover"?');
    expect(refusal('revenue by genra')).toBe('did you mean "genre"?');
    expect(refusal('按子分来统计营业额', bookshop)).toBe('您是想问“子类”吗？');
    expect(refusal('how is the weather')).not.toMatch(/did you mean/);
  });
});

describe('rephrasings stay near the question and read', () => {
  test('each suggestion keeps the metric, ranking, dimension and period asked, and is answerable', async () => {
    const question = 'Top 3 genres by track revenue in 2024, ranked';
    const p = await planAnalysis({
      question,
      intent: { intent: 'query', decided_by: 'model', matched: null, model: 'offline-rules', language: 'en' },
      asOf: AS_OF,
      catalogPath: path.resolve(__dirname, '../..', 'catalogs', 'chinook.yaml'),
      feedback: [],
      extent,
    });
    expect(p).toMatchObject({
      kind: 'needs_clarification',
      question: expect.stringMatching(/^You could ask: "track revenue by genre[^"]*, top 3" or "track revenue by genre[^"]*"\.$/),
    });
    const suggested = [...(p.kind === 'needs_clarification' ? p.question : '').matchAll(/"([^"]+)"/g)].map((m) => m[1] ?? '');
    expect(suggested).toHaveLength(2);
    for (const q of suggested) {
      const plan = planQuestion(q, classifyIntent(q), chinook, AS_OF, [], extent);
      expect(plan.kind).toBe('plan');
      if (plan.kind === 'plan') expect(readingOfPlan(q, plan.steps, chinook, 'en', AS_OF, null).blocking).toEqual([]);
    }
  });
});
