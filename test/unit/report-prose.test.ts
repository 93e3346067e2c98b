/**
 * The report's prose helpers on the demo catalog: internal references said in the catalog's words, expressions in
 * words, one name per quantity (a segment's mix effect and its total contribution told apart), a share above the
 * whole change explained, the plain sentence a finding opens with; and the checks the report-prose integration
 * test applies (they must catch what they look for).
 */
import type { Calculation, Language } from '../../src/contracts';
import { textIn } from '../../src/messages';
import { wordsFor } from '../../src/messages/words';
import { Citations } from '../../src/report/citations';
import { formulaText } from '../../src/report/formulas';
import { leadSentence } from '../../src/report/leads';
import { quantityName, readable } from '../../src/report/names';
import type { SectionContext } from '../../src/report/sections';
import { overWhole } from '../../src/report/shares';
import { catalogFor } from '../../src/settings/sources';
import { artefactsIn, clauseBefore, leadProblems } from '../report-prose-checks';

const catalog = catalogFor(undefined);

const calc = (
  id: string,
  step: string,
  value: number,
  pick: Calculation['pick'],
  description: string,
  extra: Partial<Calculation> = {},
): Calculation => ({
  id,
  step_id: step,
  value,
  display: 'ratio',
  delta: true,
  description,
  formula: 'x',
  sources: [],
  importance: 'high',
  pick,
  ...extra,
});

/** The demo's decomposition by customer type and its ranking, as the report agent gets them. */
function context(language: Language): SectionContext {
  const citable = [
    calc('s4.change', 's4', -0.0757, { field: 'change', match: null }, 'repurchase rate change'),
    calc(
      's4.customer_type=new.mix.effect',
      's4',
      -0.0895,
      { field: 'effect', match: { rank: 1, dimension: 'customer_type', segment: 'new', effect_type: 'mix' } },
      'customer type=New Customers mix effect',
    ),
    calc(
      's4.customer_type=new.mix.share',
      's4',
      1.183,
      { field: 'share_of_change', match: { rank: 1, dimension: 'customer_type', segment: 'new', effect_type: 'mix' } },
      'share',
      { display: 'percent', delta: false },
    ),
    calc(
      's2.new.total_effect',
      's2',
      -0.0966,
      { field: 'total_effect', match: { customer_type: 'new' } },
      'effect of customer type=New Customers on the change',
    ),
    calc(
      's2.returning.total_effect',
      's2',
      0.021,
      { field: 'total_effect', match: { customer_type: 'returning' } },
      'effect of customer type=Returning Customers on the change',
    ),
  ];
  return {
    input: {
      chart_data: [
        {
          step_id: 's2',
          kind: 'change_decomposition',
          description: 'decompose',
          rows: [
            { customer_type: 'new', total_effect: -0.0966 },
            { customer_type: 'returning', total_effect: 0.021 },
          ],
        },
        {
          step_id: 's4',
          kind: 'rank_contributors',
          description: 'rank',
          rows: [{ rank: 1, dimension: 'customer_type', segment: 'new', effect_type: 'mix', effect: -0.0895, share_of_change: 1.183 }],
        },
      ],
      data_scope: { primary_query: null },
    },
    catalog,
    c: new Citations(new Map(citable.map((x) => [x.id, x])), language),
    citable,
    mismatched: [],
    charted: new Set(),
    written: null,
    writerNote: null,
    language,
    w: wordsFor(language),
    text: textIn(language),
  } as unknown as SectionContext;
}

describe('internal references in the catalog words', () => {
  test('a dimension=value pair, by id or by label, is the segment', () => {
    expect(readable('channel=referral：效应不足变化的百分之五，不作为原因', catalog, 'zh')).toBe(
      '推荐（注册渠道）：效应不足变化的百分之五，不作为原因',
    );
    expect(readable('客户类型=新客 在 2026-10 的占比', catalog, 'zh')).toBe('新客（客户类型）在 2026-10 的占比');
    expect(readable('share of registration channel=app in 2026-10', catalog, 'en')).toBe('share of app (registration channel) in 2026-10');
  });
  test('a time field column is its meaning; a key column its unit', () => {
    expect(readable('orders.pay_time（为空时按 orders.order_time）', catalog, 'zh')).toBe('支付时间（为空时按 下单时间）');
    expect(readable('placed in it by users.registered_at', catalog, 'en')).toBe('placed in it by when the user registered');
    expect(artefactsIn(readable('复购率先按 orders.user_id 汇总', catalog, 'zh'))).toEqual([]);
  });
  test('an expression says its fields in words; a step id is "this step"; SQL stays as it ran', () => {
    expect(formulaText('value_after − value_before', catalog, 'zh')).toBe('后一期的值 − 前一期的值');
    expect(formulaText('SQL of s5 (compiled from the catalog), row 2026-10, column value', catalog, 'en')).toBe(
      'SQL of this step (compiled from the catalog), row 2026-10, column value',
    );
    expect(formulaText('share of the denominator of repurchase_rate in 2026-10', catalog, 'en')).toBe(
      'share of the denominator of repurchase rate in 2026-10',
    );
    const sql = 'SELECT count(*) AS value FROM orders WHERE orders.pay_time IS NULL';
    expect(formulaText(sql, catalog, 'en')).toBe(sql);
  });
});

describe.each(['zh', 'en'] as const)('one name per quantity (%s)', (language) => {
  const words = {
    zh: { mix: '结构效应', total: '总贡献', over: '超过整个变化' },
    en: { mix: 'mix effect', total: 'total contribution', over: 'more than the whole change' },
  }[language];

  test("a segment's mix effect and its total contribution have two names, each naming which it is", () => {
    const ctx = context(language);
    const [mix, total] = [ctx.citable[1]!, ctx.citable[3]!];
    expect(quantityName(ctx, mix)).toContain(words.mix);
    expect(quantityName(ctx, mix)).not.toContain(words.total);
    expect(quantityName(ctx, total)).toContain(words.total);
    expect(quantityName(ctx, total)).not.toContain(words.mix);
    expect(artefactsIn(quantityName(ctx, mix))).toEqual([]);
  });

  test('a share above the whole change says the rest moved the other way, citing a part that did', () => {
    const ctx = context(language);
    const said = overWhole(ctx, ctx.citable[2]!);
    expect(said).toContain(words.over);
    expect(said).toMatch(/\+2\.10(?: 个百分点| pp)\[1\]/);
    expect(clauseBefore(said, said.indexOf('+2.10'))).toContain(words.total);
    // A share within the change needs no explanation.
    expect(overWhole(ctx, { ...ctx.citable[2]!, value: 0.56 })).toBe('');
  });

  test('a finding opens with a plain sentence: no figures, its subject named', () => {
    const ctx = context(language);
    const [decomposition, ranking] = ctx.input.chart_data;
    const subjects = language === 'zh' ? ['新客'] : ['New Customers'];
    for (const step of [decomposition!, ranking!]) {
      const lead = leadSentence(ctx, step, '');
      expect(leadProblems(`${lead}\n- ${subjects[0]}: −9.66 pp[1]`, subjects)).toEqual([]);
      expect(lead.toLowerCase()).toContain(language === 'zh' ? '超过' : 'more than the whole change');
    }
  });
});

describe('the checks catch what they look for', () => {
  test('internal artefacts', () => {
    expect(artefactsIn('结果：`s1 2×4`').length).toBeGreaterThanOrEqual(3);
    expect(artefactsIn('gmv_delta: undefined; NaN; null')).toHaveLength(4);
    expect(artefactsIn('主要原因是 客户类型=新客 的占比变化')).toHaveLength(1);
    expect(artefactsIn('新客（客户类型）对变化的总贡献：−9.66 个百分点[4]')).toEqual([]);
  });
  test('an opening that is a bullet, states figures or names nothing', () => {
    const subjects = ['复购率'];
    expect(leadProblems('- 复购率：26.88%[1]', subjects).length).toBeGreaterThan(0);
    expect(leadProblems('复购率下降了 7.57 个百分点[3]。\n- 复购率：26.88%[1]', subjects)).toEqual([
      expect.stringContaining('states figures'),
    ]);
    expect(leadProblems('以下是数值。\n- 复购率：26.88%[1]', subjects)).toEqual([expect.stringContaining('names no subject')]);
    expect(leadProblems('复购率在这段时间里下降了。\n- 复购率：26.88%[1]', subjects)).toEqual([]);
  });
});
