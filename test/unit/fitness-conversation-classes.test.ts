/**
 * Classes the blind Learnloop conversations (eval/blind/courses-followups.ts) missed, each tried on the fitness clubs'
 * catalog (test/unit/fitness-catalog.ts), which no suite uses. Each conversation is read offline as a session reads it
 * (the follow-up reader, then the rules planner); each test failed before its fix.
 */
import { readQuestion } from '../../src/model/rules';
import { clubs } from './fitness-catalog';
import { brief, converse, outcomes, planned } from './followup-harness';

const AS_OF = '2026-12-01';
const talk = (messages: string[]) => converse(messages, clubs, null, AS_OF);
const readings = (messages: string[]) => talk(messages).map((t) => `${t.out.kind}: ${brief(t.reading)}`);

describe('a first question', () => {
  it('is no follow-up for the "this" of "this year"', () => {
    expect(readings(['revenue by club for Q3 this year'])).toEqual(['fresh: revenue 2026-07-01..2026-10-01 [] /club']);
    expect(readings(['How many bookings did we get this month?'])[0]).toMatch(/^fresh: bookings 2026-12-01/);
  });

  it('leaves out a greeting and a sentence about the writer', () => {
    expect(
      readings(['Hi! I run marketing at Pulse Gyms. Can you show me bookings by class level for Q3 this year? I am prepping a review.']),
    ).toEqual(['fresh: bookings 2026-07-01..2026-10-01 [] /level']);
  });
});

describe('what the follow-up reader takes as said', () => {
  const thread = 'bookings by club for Q3 2026';

  it('leaves out a short remark on the last answer', () => {
    expect(readings([thread, 'Big jump. Why did bookings grow from Q3 2025 to Q3 2026?'])[1]).toMatch(
      /^(?:fresh|follow_up): bookings 2026-07-01\.\.2026-10-01 vs 2025-07-01\.\.2025-10-01 \[\] \/$/,
    );
  });

  it('reads "never mind" before a turn that leans on the thread as dropping the last request only', () => {
    const read = talk([thread, 'Can you put the member NPS next to each club?', 'ok never mind. same thing for beginner classes?']);
    expect(read[1]?.planned).toBe('blocking: nps');
    expect(outcomes(read)[2]?.[1]).toBe('follow_up');
    expect(brief(read[2]?.reading ?? null)).toBe('bookings 2026-07-01..2026-10-01 [level=Beginner] /club');
  });

  it('breaks down by "the club the class is held in", not by class', () => {
    expect(readings([thread, 'break bookings down by the club the class is held in instead, for Q3 2025'])[1]).toBe(
      'follow_up: bookings 2025-07-01..2025-10-01 [] /club',
    );
  });

  it('reads "beginner-level classes" as a filter, not a breakdown by class', () => {
    expect(readings([thread, 'only beginner-level classes pls'])[1]).toBe(
      'follow_up: bookings 2026-07-01..2026-10-01 [level=Beginner] /club',
    );
  });

  it('reads 分 A 和 B 看 as one line each', () => {
    expect(readings([thread, '不按门店了，分企业会员和个人会员看'])[1]).toBe(
      'follow_up: bookings 2026-07-01..2026-10-01 [member_type=Corporate|Individual] /member_type',
    );
  });

  it('reads the why’s own period broken down as that period’s figures', () => {
    const read = readings(['Q3 2026 bookings were up on Q2, why? break it down by club', 'Q3 按课程难度拆，全部列出来']);
    expect(read[1]).toBe('follow_up: bookings 2026-07-01..2026-10-01 [] /level');
  });
});

describe('a metric named by its own label', () => {
  it('is that metric, whatever its words suggest ("paying" is no revenue)', () => {
    expect(readQuestion('paying members by club last month', clubs).metrics).toEqual(['paying_members']);
    expect(readings(['paying members by club last month, top 5', 'just top 3 pls'])[1]).toBe(
      'follow_up: paying_members 2026-11-01..2026-12-01 [] /club desc3:club',
    );
  });
});

describe('words of a decomposition', () => {
  it('are understood in a why that takes the change apart', () => {
    const r = planned('Q3 bookings 比 Q2 涨了，why？按 club 拆一下 contribution', clubs, null, AS_OF);
    expect(typeof r === 'string' ? r : r.not_used).toEqual([]);
  });
});

describe('a follow-up that says the thread again in everyday words', () => {
  const thread = 'average class fee by club for Q3 2026';

  it('keeps a price-like measure when asked what people pay, and takes the total when asked how much they spent', () => {
    expect(readings([thread, 'Only corporate members please. I want to see what they actually pay.'])[1]).toBe(
      'follow_up: average_fee 2026-07-01..2026-10-01 [member_type=Corporate] /club',
    );
    expect(readings([thread, 'how much did they spend in total?'])[1]).toBe('follow_up: revenue 2026-07-01..2026-10-01 [] /');
    // A count's thread: what they pay is the money metric.
    expect(readings(['bookings by club for Q3 2026', 'and what do they pay?'])[1]).toBe(
      'follow_up: revenue 2026-07-01..2026-10-01 [] /club',
    );
  });

  it('reads a season the thread already covers as a word about its period, and asks back about one it does not', () => {
    expect(readings([thread, 'just beginner classes in summer'])[1]).toMatch(/^follow_up: average_fee 2026-07-01\.\.2026-10-01 /);
    expect(outcomes(talk(['bookings by club for March 2026', 'what about in summer?']))[1]?.[1]).toBe('needs_clarification');
  });
});

describe('the words of a total on a thread with a period', () => {
  const thread = 'bookings by club for Q3 2026';

  it('reads "in total", "overall", 一共 as the total over the groups, and "of all time" as all of the data', () => {
    expect(readings([thread, 'and in total?'])[1]).toBe('follow_up: bookings 2026-07-01..2026-10-01 [] /');
    expect(readings([thread, '一共呢？'])[1]).toBe('follow_up: bookings 2026-07-01..2026-10-01 [] /');
    // "time" of "all time" is no word of "training time".
    expect(readings([thread, 'and of all time?'])[1]).toMatch(/^follow_up: bookings all(?:-time)? \[\] \/club$/);
  });
});

describe('a count the words only infer, on a thread about other rows', () => {
  it('is the count of the thread’s own rows when two counts match about as well', () => {
    expect(readings(['visit fees by club for Q3 2026', '换成单数'])[1]).toBe('follow_up: visits 2026-07-01..2026-10-01 [] /club');
    // The metric's own name is that metric; a thread about other rows keeps the best match.
    expect(readings(['visit fees by club for Q3 2026', '换成订单数'])[1]).toBe('follow_up: bookings 2026-07-01..2026-10-01 [] /club');
    expect(readings(['revenue by club for Q3 2026', '换成单数'])[1]).toBe('follow_up: bookings 2026-07-01..2026-10-01 [] /club');
  });
});

describe('sentences that let a request go or say why', () => {
  const thread = 'bookings by club for Q3 2026';

  it('are left out: 没有就算了, "I would like to compare"', () => {
    expect(readings([thread, 'Can you add the NPS?', 'ok 没有就算了。那初级的呢？'])[2]).toBe(
      'follow_up: bookings 2026-07-01..2026-10-01 [level=Beginner] /club',
    );
    expect(readings([thread, 'And what about Q3 of last year? I would like to compare.'])[1]).toBe(
      'follow_up: bookings 2025-07-01..2025-10-01 [] /club',
    );
  });

  it('keeps "training" of a metric named whole ("training time") from being the first word of a value ("training partners")', () => {
    expect(readings([thread, 'show training time instead'])[1]).toBe('follow_up: training_time 2026-07-01..2026-10-01 [] /club');
  });
});
