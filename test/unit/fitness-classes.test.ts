/**
 * Classes the blind Learnloop questions (eval/as-users-ask/courses.ts, on an online-courses database nobody here
 * designed) missed, each tried on a catalog of another trade: a chain of fitness clubs, written here and used by no
 * suite. Each asserts the exact reading and failed before its fix.
 */
import { parseCatalog } from '../../src/catalog/catalog';
import { classifyIntent, readQuestion } from '../../src/model/rules';
import { asMeant } from '../../src/model/words/as-meant';

const clubs = parseCatalog(
  `
name: clubs
description: A chain of fitness clubs.
timezone: UTC
primary_metric: revenue
tables:
  booking:
    description: One row per class booking.
    primary_key: booking_id
    time_column: booked_at
  payment:
    description: One row per membership payment.
    primary_key: payment_id
    time_column: paid_at
time_fields:
  booked_at:
    column: booking.booked_at
    meaning: When the class was booked.
    type: timestamp
  paid_at:
    column: payment.paid_at
    meaning: When the payment was taken.
    type: timestamp
metrics:
  revenue:
    label: revenue
    label_zh: 收入
    aliases: [membership revenue, made, earned, make]
    description: Membership payments.
    expression: SUM(payment.amount)
    table: payment
    time_field: paid_at
    format: currency
  bookings:
    label: bookings
    label_zh: 预约数
    aliases: [class bookings, booked, number of bookings]
    description: Class bookings.
    expression: COUNT(*)
    table: booking
    time_field: booked_at
    format: integer
  attendance_rate:
    label: attendance rate
    label_zh: 到课率
    aliases: [show-up rate]
    description: Bookings attended over bookings.
    numerator: COUNT(*) FILTER (WHERE booking.attended)
    denominator: COUNT(*)
    table: booking
    time_field: booked_at
    format: ratio
dimensions:
  club:
    label: club
    label_zh: 门店
    aliases: [clubs, gym, gyms]
    column: booking.club
    description: The club of the booking.
    values:
      Soho: []
      Camden: []
  country:
    label: country
    label_zh: 国家
    aliases: [countries]
    column: booking.country
    description: The member's country.
    values:
      India: [IN, 印度]
      Italy: [IT, 意大利]
      United States: [US, USA]
  member_type:
    label: member type
    label_zh: 会员类型
    column: booking.member_type
    description: Corporate or individual membership.
    values:
      Corporate: [company, companies, corporate members]
      Individual: [individuals]
  company:
    label: company
    label_zh: 企业
    aliases: [companies, employer]
    column: booking.company_name
    description: The employer paying a corporate membership, for rankings only.
    ranking_only: true
`,
  'clubs.yaml',
);

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
