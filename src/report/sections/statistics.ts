/** The statistics section: the significance test, its interval, effect size and sample sizes, and the verdict. */
import type { ReportSection } from '../../contracts';
import { bullets, type SectionContext } from './context';

/** The test's name in the report's language. */
function testName(ctx: SectionContext, test: string): string {
  return test === 'Welch two-sample t-test' ? ctx.text('report.statistics.welch') : test;
}

export function statisticsSection(ctx: SectionContext): ReportSection | null {
  const { c, text } = ctx;
  const statistics = ctx.input.statistics;
  if (!statistics) return null;
  const heading = text('report.heading.statistics');
  const test = statistics.tests[0];
  if (!test) return { id: 'statistics', heading, body: bullets(statistics.paths_excluded) };
  const cited = (id: string) => String(c.cite(id));
  const after = statistics.intervals[1];
  return {
    id: 'statistics',
    heading,
    body: bullets([
      text('report.statistics.compared', { compared: test.compared }),
      c.has('stats.p_value')
        ? text('common.labelled', {
            label: testName(ctx, test.test),
            value: [c.has('stats.statistic') ? `t ${cited('stats.statistic')}` : null, `p ${cited('stats.p_value')}`]
              .filter(Boolean)
              .join(text('common.comma')),
          })
        : null,
      c.has('stats.ci_low')
        ? text('report.statistics.difference-interval', { low: cited('stats.ci_low'), high: cited('stats.ci_high') })
        : null,
      c.has('stats.cohens_d') ? text('report.statistics.effect-size', { d: cited('stats.cohens_d') }) : null,
      c.has('stats.after_ci_low') && after
        ? text('report.statistics.interval-of', {
            label: after.label,
            low: cited('stats.after_ci_low'),
            high: cited('stats.after_ci_high'),
          })
        : null,
      c.has('stats.n_before')
        ? text('report.statistics.sample-sizes', { before: cited('stats.n_before'), after: cited('stats.n_after') })
        : null,
      text(test.significant ? 'report.statistics.significant' : 'report.statistics.not-significant'),
    ]),
  };
}
