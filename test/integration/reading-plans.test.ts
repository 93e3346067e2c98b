/**
 * The planner on questions it can plan, on the Chinook catalog with an extent shaped like Chinook's data: a plan
 * stores its catalog fragments in the artifact store, so these need PostgreSQL (test/unit/reading.test.ts has the rest).
 */
import path from 'node:path';
import { planAnalysis } from '../../src/activities/planner';
import type { DataExtent } from '../../src/contracts';
import { classifyIntent } from '../../src/model/rules';
import { extent, months } from '../unit/chinook-extent';

const AS_OF = '2026-11-30';

describe('questions phrased as people ask them', () => {
  test('"how did X change" is a trend; a share is the share of each value of its dimension, over all of the data', async () => {
    expect(classifyIntent('How did revenue change in 2024?').intent).toBe('trend');
    const ask = (question: string) =>
      planAnalysis({
        question,
        intent: classifyIntent(question),
        asOf: AS_OF,
        catalogPath: path.resolve(__dirname, '../..', 'catalogs', 'chinook.yaml'),
        feedback: [],
        extent,
      });
    const allTime = { start: '2021-01-01', end: '2025-12-23', source: 'all_time' };
    for (const question of ['What share of revenue came from the USA?', '各国家销售额占比']) {
      const p = await ask(question);
      if (p.kind !== 'plan') throw new Error(`${question}: ${p.kind}`);
      expect(p.steps.map((s) => s.operation)).toMatchObject([
        { kind: 'share_of_total', dimension: 'country', query: { metric: 'revenue', group_by: ['country'], filters: [], window: allTime } },
      ]);
      expect(p.reading?.window).toMatchObject(allTime);
    }
    expect(await ask('How did revenue change in 2024?')).toMatchObject({ kind: 'plan' });
  });
});

describe('a change into a month the data covers only partly', () => {
  test('is not explained: the run says where the data stops and offers full months', async () => {
    const stopped = months.map((m) => (m.month === '2025-12' ? { ...m, last_day: '2025-12-04' } : m));
    const cut: DataExtent = {
      time_fields: {
        invoice_date: {
          ...extent.time_fields.invoice_date!,
          last: '2025-12-04',
          months: stopped,
          latest_full_month: '2025-11',
          partial_months: ['2025-12'],
        },
      },
    };
    const ask = (question: string) =>
      planAnalysis({
        question,
        intent: classifyIntent(question),
        asOf: AS_OF,
        catalogPath: path.resolve(__dirname, '../..', 'catalogs', 'chinook.yaml'),
        feedback: [],
        extent: cut,
      });
    expect(await ask('Why did revenue change between November and December 2025?')).toMatchObject({
      kind: 'needs_clarification',
      reason:
        'the data ends 2025-12-04; December 2025 has data only from 2025-12-02 to 2025-12-04 (of 31 days), so a drop or a rise there is not read as a business change',
      question: 'You could compare full months instead, for example "why did it change between October 2025 and November 2025".',
    });
    // A level of the partial month is still answered (its assumptions say it is partial); only a change is withheld.
    expect(await ask('What was revenue in December 2025?')).toMatchObject({ kind: 'plan' });
  });
});
