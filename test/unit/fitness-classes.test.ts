/**
 * Classes the blind Learnloop questions (eval/as-users-ask/courses.ts, on an online-courses database nobody here
 * designed) missed, each tried on a catalog of another trade: a chain of fitness clubs, written here and used by no
 * suite. Each asserts the exact reading and failed before its fix.
 */
import { clubs } from './fitness-catalog';
import { planned } from './followup-harness';
import { classifyIntent, planQuestion, readQuestion } from '../../src/model/rules';
import { asMeant } from '../../src/model/words/as-meant';

const read = (question: string) => {
  const r = readQuestion(asMeant(question), clubs);
  return { metrics: r.metrics, groupBy: r.groupBy, topN: r.topN, filters: r.filters.map((f) => [f.dimension, ...f.values]) };
};

describe('a code that is also an everyday word', () => {
  it('is no value where the question writes the word', () => {
    expect(read('Which club had the worst attendance rate in 2025?')).toEqual({
      metrics: ['attendance_rate'],
      groupBy: ['club'],
      // The worst of a rate that is better high is the lowest.
      topN: { n: 1, order: 'asc' },
      filters: [],
    });
    expect(read('is it growing in Soho').filters).toEqual([['club', 'Soho']]);
  });

  it('is the value where the question writes it in capitals', () => {
    expect(read('bookings from IN members last month').filters).toEqual([['country', 'India']]);
    expect(read('how many classes did IT members book').filters).toEqual([['country', 'Italy']]);
  });
});

describe('a word that names a dimension and another dimension’s value', () => {
  it('is the dimension where the question asks which one', () => {
    expect(read('Which company booked the most classes this year?')).toMatchObject({ groupBy: ['company'], filters: [] });
    expect(read('bookings by company in 2025')).toMatchObject({ groupBy: ['company'], filters: [] });
  });

  it('is the value elsewhere', () => {
    expect(read('how much revenue came from companies in 2025').filters).toEqual([['member_type', 'Corporate']]);
  });
});

describe('a trend said with the verb', () => {
  it('reads "trended" as a trend', () => {
    expect(classifyIntent('How have bookings trended month by month this year?').intent).toBe('trend');
  });
});

describe('words that describe the rows of the metric asked', () => {
  it('are not a second metric', () => {
    expect(read('What was the attendance rate for classes members booked during 2025?').metrics).toEqual(['attendance_rate']);
    expect(read('attendance rate of bookings made last month').metrics).toEqual(['attendance_rate']);
    expect(read('how many bookings were made in 2025').metrics).toEqual(['bookings']);
  });

  it('leave metrics asked apart, and a verb alone, as they were', () => {
    expect(read('how much was made in 2025').metrics).toEqual(['revenue']);
    expect(read('revenue and bookings last month').metrics).toEqual(['revenue', 'bookings']);
  });
});

describe('"how much of" a metric comes from a value', () => {
  const operation = (question: string) => {
    const p = planQuestion(question, classifyIntent(question), clubs, '2026-12-01', [], null);
    return p.kind === 'plan'
      ? p.steps.map((st) => [st.operation.kind, 'dimension' in st.operation ? st.operation.dimension : null])
      : p.kind;
  };

  it('asks for its share', () => {
    expect(operation('How much of our revenue comes from corporate members?')).toEqual([['share_of_total', 'member_type']]);
    expect(operation('how much of revenue came from India last year')).toEqual([['share_of_total', 'country']]);
    expect(operation('去年收入中有多少来自印度')).toEqual([['share_of_total', 'country']]);
  });

  it('leaves "how much did … spend" an amount', () => {
    expect(operation('how much did India members spend last year')).toEqual([['metric', null]]);
  });
});

describe('losses and the words of another metric', () => {
  it('ranks what is itself lost from the top ("lost the most money to refunds")', () => {
    expect(read('which club lost the most money to refunds last year')).toMatchObject({
      metrics: ['refunds'],
      groupBy: ['club'],
      topN: { n: 1, order: 'desc' },
    });
  });

  it('asks back rather than answer another metric when a word names part of one the plan does not use', () => {
    // "finish" is a word of the attendance rate's "class finish rate"; the words alone would rank paying members.
    expect(planned('which club do members finish most often', clubs, null, '2026-12-01')).toBe('blocking: finish');
  });
});

describe('months of a year named against today', () => {
  it('reads "October of last year", "last year\'s March", 去年10月, 今年三月份 as that month', () => {
    const windowOf = (q: string) => {
      const r = planned(q, clubs, null, '2026-12-01');
      return typeof r === 'string' ? r : `${r.window?.start}..${r.window?.end}`;
    };
    expect(windowOf('bookings in October of last year')).toBe('2025-10-01..2025-11-01');
    expect(windowOf("last year's March bookings")).toBe('2025-03-01..2025-04-01');
    expect(windowOf('去年10月的预约数')).toBe('2025-10-01..2025-11-01');
    expect(windowOf('今年三月份的预约数')).toBe('2026-03-01..2026-04-01');
    expect(windowOf('bookings oct last yr')).toBe('2025-10-01..2025-11-01');
  });
});

describe('words a catalog reading takes from the question', () => {
  const read = (q: string) => readQuestion(q, clubs);

  it('reads "per <dimension>" behind a metric whose own name says "per" it as the metric\'s', () => {
    expect(read('average fee per class booked').groupBy).toEqual([]);
    expect(read('average fee per class booked').metrics).toEqual(['average_fee']);
  });

  it('ranks a short list for a plural "which" and the first for a singular one', () => {
    expect(read('which clubs made the most').topN).toEqual({ n: 5, order: 'desc' });
    expect(read('which club made the most').topN).toEqual({ n: 1, order: 'desc' });
  });

  it('reads 各…的业绩 as each one’s figure, not the best one', () => {
    expect(read('各门店的业绩').topN).toBeNull();
    // 业绩 said what the figure is: it is not "not used" in the reading the answer states.
    const reading = planned('今年各门店的业绩', clubs, null, '2026-12-01');
    expect(typeof reading === 'string' ? reading : reading.not_used).toEqual([]);
    expect(read('哪个门店业绩最好').topN).toEqual({ n: 1, order: 'desc' });
  });

  it('keeps members set against each other with vs between Chinese words apart', () => {
    expect(read('初级vs高级预约数').groupBy).toEqual(['level']);
  });

  it('counts people as customers beside a word of trade only', () => {
    expect(read('how many people paid in Q3').metrics).toEqual(['paying_members']);
    expect(read('how many people work at the clubs').metrics).not.toContain('paying_members');
  });
});
