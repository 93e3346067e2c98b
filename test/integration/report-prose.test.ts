/**
 * The report reads as an analyst wrote it, in every format (Markdown, the HTML's text, the DOCX's text), for real
 * runs of several intents in both languages: attribution on the demo shop, a comparison, a trend, a ranking, a share
 * and a ranking on Chinook. No internal artefacts (step ids, result shapes, internal names in backticks, field
 * names, dimension=value pairs, undefined/NaN/null); one name per quantity, and the two quantities of the demo's main
 * segment (its total contribution and, of it, its mix effect) told apart with how they relate; a share above the
 * whole change explained where it appears; every finding opening with one plain sentence before its numbers.
 */
import path from 'node:path';
import { chinookDatabaseUrl } from '../../eval/chinook-cases';
import { catalogFor } from '../../src/settings/sources';
import { formatCalculation } from '../../src/format/numbers';
import { readNumbers } from '../../src/format/read';
import { loadCalculations } from '../../src/storage/artifacts';
import type { AnalysisRequest, Calculation, ReportOutput } from '../../src/contracts';
import { publishedReport, runAnalysis, withWorker } from '../helpers';
import { artefactsIn, clauseBefore, leadProblems, occurrences, reportTexts, subjectsOf, withoutRecipes } from '../report-prose-checks';

const harness = withWorker('report-prose');
const CHINOOK_CATALOG = path.resolve(__dirname, '../..', 'catalogs', 'chinook.yaml');
const DEMO_CATALOG = path.resolve(__dirname, '../..', 'catalogs', 'demo.yaml');

interface Case {
  name: string;
  question: string;
  chinook?: boolean;
}

const CASES: Case[] = [
  { name: 'attribution zh', question: '为什么华东区上个月复购率下降了？' },
  { name: 'attribution en', question: 'Why did the repurchase rate in East China drop last month?' },
  { name: 'comparison en', question: 'Compare GMV in East China versus North China last month' },
  { name: 'trend zh', question: '最近6个月复购率的变化趋势' },
  { name: 'ranking zh', question: '上个月销售额最高的三个品类' },
  { name: 'share en (Chinook)', question: 'What share of revenue came from Rock?', chinook: true },
  { name: 'ranking zh (Chinook)', question: '2024年销售额最高的5个国家', chinook: true },
];

interface Ran {
  c: Case;
  report: ReportOutput;
  answer: string;
  calculations: Calculation[];
}
const ran = new Map<string, Ran>();

beforeAll(async () => {
  const chinook: Partial<AnalysisRequest> = {
    catalogPath: CHINOOK_CATALOG,
    databaseUrl: chinookDatabaseUrl(harness.config.databaseUrl),
    asOf: '2025-12-31',
  };
  // The runs at once: the worker runs them side by side.
  await Promise.all(
    CASES.map(async (c) => {
      const { result } = await runAnalysis(harness.client, harness.config.taskQueue, c.question, c.chinook ? chinook : {});
      const report = await publishedReport(result);
      ran.set(c.name, {
        c,
        report,
        answer: result.answer,
        calculations: await loadCalculations(
          result.steps.flatMap((st) => (st.result?.calculations_ref ? [st.result.calculations_ref] : [])),
        ),
      });
    }),
  );
}, 300_000);

const demo = (language: 'zh' | 'en') => ran.get(`attribution ${language}`)!;

test.each(CASES.map((c) => c.name))('%s: no internal artefacts in any format, nor in the answer', async (name) => {
  const { c, report, answer } = ran.get(name)!;
  expect(report.audit?.clean).toBe(true);
  const texts = await reportTexts(report);
  const tables = Object.keys(catalogFor(c.chinook ? CHINOOK_CATALOG : DEMO_CATALOG).tables);
  const found = Object.entries(texts).flatMap(([format, text]) =>
    artefactsIn(withoutRecipes(text, report, tables)).map((a) => `${format} ${a}`),
  );
  expect(found).toEqual([]);
  expect(artefactsIn(answer)).toEqual([]);
});

test.each(CASES.map((c) => c.name))(
  '%s: every finding opens with one plain sentence that names its subject, before its numbers',
  (name) => {
    const { c, report } = ran.get(name)!;
    const catalog = catalogFor(c.chinook ? CHINOOK_CATALOG : DEMO_CATALOG);
    const subjects = subjectsOf(catalog, report.language);
    const findings = report.sections.filter((s) => s.id.startsWith('finding-'));
    expect(findings.length).toBeGreaterThan(0);
    expect(findings.flatMap((s) => leadProblems(s.body, subjects).map((p) => `${s.heading}: ${p}`))).toEqual([]);
  },
);

/** "name: value[n]" lines: every written value with the names it is given. */
function namesByValue(report: ReportOutput): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  for (const s of report.sections) {
    for (const line of s.body.split('\n')) {
      const m = /^- (.+?)(?:：|: )([+\-−]?[¥$€£]?\d[\d,.]*(?:%| 个百分点| pp)?)\[\d+\]/.exec(line);
      if (!m) continue;
      const name = m[1]!.replace(/^[A-Z]/, (ch) => ch.toLowerCase());
      out.set(m[2]!, (out.get(m[2]!) ?? new Set()).add(name));
    }
  }
  return out;
}

describe.each(['zh', 'en'] as const)('the demo attribution report (%s)', (language) => {
  const words = {
    zh: { mix: '结构效应', total: '总贡献', ofWhich: '其中', over: '超过整个变化' },
    en: { mix: 'mix effect', total: 'total contribution', ofWhich: 'of which', over: 'more than the whole change' },
  }[language];

  test('the same number always has the same name', () => {
    const { report } = demo(language);
    const named = [...namesByValue(report)].filter(([, names]) => names.size > 1).map(([v, names]) => `${v}: ${[...names].join(' | ')}`);
    expect(named).toEqual([]);
    expect(namesByValue(report).size).toBeGreaterThan(20);
  });

  test("the new-customer mix effect and the segment's total contribution have two names, everywhere, and the summary says how they relate", () => {
    const { report, calculations } = demo(language);
    const mix = calculations.find(
      (x) => x.pick.field === 'effect' && x.pick.match?.effect_type === 'mix' && x.pick.match?.segment === 'new',
    );
    const total = calculations.find((x) => x.pick.field === 'total_effect' && Object.values(x.pick.match ?? {}).includes('new'));
    expect(mix && total).toBeTruthy();
    const [mixText, totalText] = [formatCalculation(mix!, language), formatCalculation(total!, language)];
    // The demo's planted signal: two different numbers about the same segment.
    expect(mixText).not.toBe(totalText);
    const seen = { mix: 0, total: 0 };
    for (const s of report.sections) {
      for (const at of occurrences(s.body, mixText)) {
        const clause = clauseBefore(s.body, at).toLowerCase();
        expect({ section: s.id, clause, mix: clause.includes(words.mix), total: clause.includes(words.total) }).toMatchObject({
          mix: true,
          total: false,
        });
        seen.mix += 1;
      }
      for (const at of occurrences(s.body, totalText)) {
        const clause = clauseBefore(s.body, at).toLowerCase();
        expect({ section: s.id, clause, mix: clause.includes(words.mix), total: clause.includes(words.total) }).toMatchObject({
          mix: false,
          total: true,
        });
        seen.total += 1;
      }
    }
    expect(seen.mix).toBeGreaterThanOrEqual(2);
    expect(seen.total).toBeGreaterThanOrEqual(2);
    // The summary names both, the mix effect as part of the total: "total contribution −9.66 pp, of which mix −8.95 pp".
    const summary = report.sections.find((s) => s.id === 'summary')!.body;
    const [t, m] = [summary.indexOf(`${totalText}[`), summary.indexOf(`${mixText}[`)];
    expect(t).toBeGreaterThan(0);
    expect(m).toBeGreaterThan(t);
    expect(summary.slice(t, m)).toContain(words.ofWhich);
    // The citations list names them as the text does.
    const cited = (id: string) => report.citations.find((c) => c.calculation_id === id)!.description.toLowerCase();
    expect(cited(mix!.id)).toContain(words.mix);
    expect(cited(total!.id)).toContain(words.total);
  });

  test('a share above the whole change is explained wherever it appears, with a part that moved the other way', () => {
    const { report, calculations } = demo(language);
    const byMarker = new Map(report.citations.map((c) => [c.marker, c.calculation_id]));
    let above = 0;
    for (const s of report.sections) {
      for (const n of readNumbers(s.body).numbers) {
        const calc = calculations.find((x) => x.id === byMarker.get(n.marker ?? -1));
        if (calc?.pick.field !== 'share_of_change' || calc.value <= 1) continue;
        above += 1;
        const after = s.body.slice(n.index, s.body.indexOf('\n', n.index) >= 0 ? s.body.indexOf('\n', n.index) : undefined);
        expect({ section: s.id, after }).toMatchObject({ after: expect.stringContaining(words.over) });
        // The example that moved the other way is a cited number of the opposite sign.
        expect(after).toMatch(new RegExp(`${words.total}[^\\[]*\\+[\\d.]+(?: 个百分点| pp)\\[\\d+\\]`));
      }
    }
    // The demo's share of the change is 118 %: in the summary, the key metrics and the ranking.
    expect(above).toBeGreaterThanOrEqual(3);
  });
});
