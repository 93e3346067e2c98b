/**
 * Classes of question the Rentwise blind set (eval/as-users-ask/rental.ts) missed, tried on a catalog of another trade
 * (a hotel group, written here and used by no suite): "worst" of a metric that is worse the higher it is, a grain word
 * inside a metric's name, length and price superlatives, values set against each other, and seasons as periods. Each
 * failed before its fix; each asserts the exact reading or window.
 */
import { parseCatalog } from '../../src/catalog/catalog';
import { findTimeWindow, readPeriods } from '../../src/model/period-text';
import { blockingWords } from '../../src/model/reading';
import { classifyIntent, readQuestion } from '../../src/model/rules';

const hotels = parseCatalog(
  `
name: hotels
description: A hotel group, one row per stay.
timezone: UTC
primary_metric: room_revenue
tables:
  stay:
    description: One row per stay.
    primary_key: stay_id
    time_column: check_in
time_fields:
  check_in:
    column: stay.check_in
    meaning: The day the guest checked in.
    type: date
metrics:
  room_revenue:
    label: room revenue
    label_zh: 客房收入
    aliases: [revenue, takings]
    description: Room nights times the nightly rate.
    expression: SUM(stay.nights * stay.nightly_rate)
    table: stay
    time_field: check_in
    format: currency
  adr:
    label: average daily rate
    label_zh: 平均房价
    aliases: [ADR]
    description: Room revenue per night sold.
    numerator: SUM(stay.nights * stay.nightly_rate)
    denominator: SUM(stay.nights)
    table: stay
    time_field: check_in
    format: currency
  average_stay:
    label: average length of stay
    label_zh: 平均入住天数
    aliases: [length of stay, 平均住店时长]
    description: Nights per stay.
    numerator: SUM(stay.nights)
    denominator: COUNT(*)
    table: stay
    time_field: check_in
    format: number
  complaint_rate:
    label: complaint rate
    label_zh: 投诉率
    description: Stays with a complaint, per stay.
    numerator: COUNT(*) FILTER (WHERE stay.complained)
    denominator: COUNT(*)
    table: stay
    time_field: check_in
    format: ratio
dimensions:
  hotel:
    label: hotel
    label_zh: 酒店
    column: stay.hotel
    description: The hotel stayed at.
    values:
      Harbour View: []
      Old Town: []
      Airport Lodge: []
`,
  'hotels.yaml',
);

const read = (question: string) => {
  const r = readQuestion(question, hotels);
  return { metrics: r.metrics, groupBy: r.groupBy, topN: r.topN, grain: r.grain, filters: r.filters };
};

test('"worst" and "best" of a metric that is worse the higher it is turn round; words that measure do not', () => {
  expect(read('Which hotel had the worst complaint rate?')).toMatchObject({ metrics: ['complaint_rate'], topN: { n: 1, order: 'desc' } });
  expect(read('which hotel has the best complaint rate')).toMatchObject({ topN: { n: 1, order: 'asc' } });
  expect(read('投诉率最差的酒店')).toMatchObject({ metrics: ['complaint_rate'], topN: { n: 1, order: 'desc' } });
  expect(read('Which hotel had the highest complaint rate?')).toMatchObject({ topN: { n: 1, order: 'desc' } });
  expect(read('Which hotel had the lowest complaint rate?')).toMatchObject({ topN: { n: 1, order: 'asc' } });
  // Revenue is better the higher it is: "worst" stays the bottom.
  expect(read('Which hotel had the worst room revenue?')).toMatchObject({ metrics: ['room_revenue'], topN: { n: 1, order: 'asc' } });
});

test('a grain word inside a metric name is the metric, not a breakdown by day', () => {
  expect(read('Which hotel has the lowest average daily rate?')).toMatchObject({
    metrics: ['adr'],
    groupBy: ['hotel'],
    grain: null,
    topN: { n: 1, order: 'asc' },
  });
  expect(read('average daily rate by month')).toMatchObject({ metrics: ['adr'], grain: { grain: 'month', ranked: false } });
  // Outside a metric's name "daily" is still a grain.
  expect(read('daily room revenue')).toMatchObject({ metrics: ['room_revenue'], grain: { grain: 'day', ranked: false } });
});

test('length and price superlatives rank: longest and 最长 from the top, shortest and 最便宜 from the bottom', () => {
  expect(read('Which hotel has the longest average length of stay?')).toMatchObject({ groupBy: ['hotel'], topN: { n: 1, order: 'desc' } });
  expect(read('哪个酒店的平均入住天数最长')).toMatchObject({ groupBy: ['hotel'], topN: { n: 1, order: 'desc' } });
  expect(read('which hotel has the shortest average length of stay')).toMatchObject({ topN: { n: 1, order: 'asc' } });
  expect(read('平均房价最便宜的酒店')).toMatchObject({ metrics: ['adr'], topN: { n: 1, order: 'asc' } });
});

test('values set against each other are each on their own line, never summed', () => {
  expect(read('Did Harbour View make more room revenue than Old Town?')).toMatchObject({ groupBy: ['hotel'] });
  expect(read('room revenue: Harbour View vs Airport Lodge')).toMatchObject({ groupBy: ['hotel'] });
  expect(read('Harbour View和Old Town的客房收入对比')).toMatchObject({ groupBy: ['hotel'] });
  // Two values without words that set them apart are one filter, summed.
  expect(read('room revenue of Harbour View and Old Town')).toMatchObject({ groupBy: [] });
});

test('seasons are the northern meteorological ones, by the year they start in; a winter by its year is not read', () => {
  const window = (q: string, asOf: string) => {
    const w = findTimeWindow(q, asOf);
    return w && [w.start, w.end];
  };
  expect(window('room revenue last summer', '2026-12-01')).toEqual(['2026-06-01', '2026-09-01']);
  expect(window('room revenue last summer', '2026-07-15')).toEqual(['2025-06-01', '2025-09-01']);
  expect(window('room revenue this summer', '2026-07-15')).toEqual(['2026-06-01', '2026-07-16']);
  expect(window('ADR in summer 2024', '2026-12-01')).toEqual(['2024-06-01', '2024-09-01']);
  expect(window('ADR for the spring of 2025', '2026-12-01')).toEqual(['2025-03-01', '2025-06-01']);
  expect(window('2025年秋天的客房收入', '2026-12-01')).toEqual(['2025-09-01', '2025-12-01']);
  expect(window('去年夏天的客房收入', '2026-12-01')).toEqual(['2025-06-01', '2025-09-01']);
  expect(window('上个夏天的客房收入', '2026-07-15')).toEqual(['2025-06-01', '2025-09-01']);
  expect(window('room revenue last winter', '2026-01-10')).toEqual(['2024-12-01', '2025-03-01']);
  expect(window('room revenue last winter', '2026-03-10')).toEqual(['2025-12-01', '2026-03-01']);
  // A winter by its year: only the year is read, and the season word left over blocks the plan (it is asked back).
  expect(window('去年冬天的客房收入', '2026-12-01')).toEqual(['2025-01-01', '2026-01-01']);
  expect(window('room revenue in winter 2025', '2026-12-01')).toEqual(['2025-01-01', '2026-01-01']);
  expect(blockingWords(['冬天', 'winter', 'summer', 'longer', 'cheaper', '更贵', 'hotel'])).toEqual([
    '冬天',
    'winter',
    'summer',
    'longer',
    'cheaper',
    '更贵',
  ]);
});

/** Classes the held-out Rentwise set (eval/as-users-ask/rental-heldout.ts) found, tried on the same hotel catalog. */
describe('the held-out set', () => {
  const window = (q: string, asOf = '2026-12-01') => {
    const w = findTimeWindow(q, asOf);
    return w && [w.start, w.end];
  };

  test('a month, quarter or half named without its year is the latest one begun before today', () => {
    expect(window('room revenue in October')).toEqual(['2026-10-01', '2026-11-01']);
    expect(window('room revenue in October', '2026-09-15')).toEqual(['2025-10-01', '2025-11-01']);
    expect(window('room revenue in December')).toEqual(['2025-12-01', '2026-01-01']);
    expect(window('ADR since March')).toEqual(['2026-03-01', '2026-12-02']);
    expect(window('room revenue in Q2')).toEqual(['2026-04-01', '2026-07-01']);
    expect(window('room revenue from March to June')).toEqual(['2026-03-01', '2026-07-01']);
    expect(window('room revenue from November to February')).toEqual(['2025-11-01', '2026-03-01']);
    // With its year, as written.
    expect(window('room revenue from March to June 2024')).toEqual(['2024-03-01', '2024-07-01']);
    // Set against a period with its year, a month without one is in that year (not the latest one).
    const pair = readPeriods('Why did room revenue drop in December 2025 compared with November?', '2026-11-30', true);
    expect(pair.periods.map((p) => [p.window.start, p.window.end])).toEqual([
      ['2025-12-01', '2026-01-01'],
      ['2025-11-01', '2025-12-01'],
    ]);
  });

  test('the first quarters of a year named against today', () => {
    expect(window('今年前三季度的客房收入')).toEqual(['2026-01-01', '2026-10-01']);
    expect(window('去年前两个季度的客房收入')).toEqual(['2025-01-01', '2025-07-01']);
    expect(window('room revenue for the first three quarters of last year')).toEqual(['2025-01-01', '2025-10-01']);
  });

  test('倒数第一 is the bottom one; 倒数第二 (a place, not a count) is left unread', () => {
    expect(read('哪个酒店的平均房价倒数第一')).toMatchObject({ groupBy: ['hotel'], topN: { n: 1, order: 'asc' } });
    expect(blockingWords(['第二'])).toEqual(['第二']);
  });

  test('"how did X do" with no measure named is the primary metric for X, and says so', () => {
    const r = readQuestion("How'd Harbour View do last month?", hotels);
    expect(r).toMatchObject({ metrics: ['room_revenue'], topN: null, implied: { metric: 'room_revenue' } });
    expect(read('Old Town表现如何')).toMatchObject({ metrics: ['room_revenue'], filters: [{ dimension: 'hotel', values: ['Old Town'] }] });
    // Nobody named: nothing is implied.
    expect(read('how did we do last month?').metrics).toEqual([]);
  });

  test("a kind-of-question keyword inside the catalog's terms does not decide the kind", () => {
    const withReason = parseCatalog(
      `
name: tickets
description: Support tickets.
timezone: UTC
tables:
  ticket:
    description: One row per ticket.
    primary_key: ticket_id
    time_column: opened_on
time_fields:
  opened_on:
    column: ticket.opened_on
    meaning: The day the ticket was opened.
    type: date
metrics:
  tickets:
    label: tickets
    label_zh: 工单数
    description: Tickets opened.
    expression: COUNT(*)
    table: ticket
    time_field: opened_on
    format: integer
dimensions:
  close_reason:
    label: close reason
    label_zh: 关闭原因
    column: ticket.close_reason
    description: Why the ticket was closed.
`,
      'tickets.yaml',
    );
    expect(classifyIntent('2025年的工单按关闭原因分别有多少？', withReason).intent).toBe('query');
    expect(classifyIntent('tickets by close reason: why so many?', withReason).intent).toBe('attribution');
    // Without the catalog the keyword rules read 原因 as why, as before.
    expect(classifyIntent('2025年的工单按关闭原因分别有多少？').intent).toBe('attribution');
  });
});
