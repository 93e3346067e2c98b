/**
 * Classes the blind Rentwise conversations (eval/blind/rental-followups.ts) missed, tried on a catalog of another trade
 * (a hotel group, written here and used by no suite). Each failed before its fix; each asserts the exact reading.
 */
import { parseCatalog } from '../../src/catalog/catalog';
import { readQuestion } from '../../src/model/rules';
import { asMeant } from '../../src/model/words/as-meant';
import { brief, converse } from './followup-harness';

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
    aliases: [revenue]
    description: Room nights times the nightly rate.
    expression: SUM(stay.nights * stay.nightly_rate)
    table: stay
    time_field: check_in
    format: currency
  stays:
    label: stays
    label_zh: 入住次数
    aliases: [stayed, number of stays, 入住次数, 完成的入住, 入住单数]
    description: Completed stays.
    expression: COUNT(*)
    table: stay
    time_field: check_in
    format: integer
  room_nights:
    label: room nights
    label_zh: 间夜数
    aliases: [nights, 间夜数]
    description: Nights sold.
    expression: SUM(stay.nights)
    table: stay
    time_field: check_in
    format: integer
  average_stay:
    label: average length of stay
    label_zh: 平均入住时长
    description: Nights per stay.
    numerator: SUM(stay.nights)
    denominator: COUNT(*)
    unit: nights
    table: stay
    time_field: check_in
    format: number
  guests:
    label: guests who stayed
    label_zh: 入住客人数
    aliases: [number of guests, guest count, 客人数]
    description: Distinct guests with a stay.
    expression: COUNT(DISTINCT stay.guest_id)
    table: stay
    time_field: check_in
    format: integer
dimensions:
  hotel:
    label: hotel
    label_zh: 酒店
    aliases: [hotels, property, properties]
    column: stay.hotel
    description: The hotel stayed at.
    values:
      Harbour View: []
      Old Town: []
      Airport Lodge: []
  region:
    label: region
    label_zh: 大区
    column: stay.region
    description: The hotel's region.
    values:
      Iberia: [Iberian]
      France: [法国大区]
  country:
    label: country
    label_zh: 国家
    column: stay.country
    description: The hotel's country.
    values:
      France: [法国]
      Spain: [西班牙]
  tier:
    label: loyalty tier
    label_zh: 会员等级
    column: stay.tier
    description: The guest's loyalty tier.
    values:
      GOLD: [gold, gold members, 金卡会员]
      BASIC: [basic, basic members, 普通会员]
  channel:
    label: booking channel
    label_zh: 预订渠道
    aliases: [channel]
    column: stay.channel
    description: Where the booking came from.
    values:
      WEB: [website]
      AGENCY: [agencies, travel agencies, 旅行社]
  agency:
    label: agency name
    label_zh: 旅行社名称
    column: stay.agency
    description: The travel agency of an agency booking.
    values:
      Sunways: []
      Globetrot: []
  guest:
    label: guest
    label_zh: 客人
    aliases: [guests, customer, customers]
    column: stay.guest_name
    description: The guest, for rankings only.
    ranking_only: true
`,
  'hotels.yaml',
);

const read = (question: string) => {
  const r = readQuestion(asMeant(question), hotels);
  return { metrics: r.metrics, groupBy: r.groupBy, topN: r.topN, filters: r.filters };
};

test('how many of the people a value names: the people are counted, not their stays', () => {
  expect(read('how many gold members stayed last quarter')).toMatchObject({
    metrics: ['guests'],
    filters: [{ dimension: 'tier', values: ['GOLD'] }],
  });
  expect(read('2025年有多少金卡会员入住过')).toMatchObject({ metrics: ['guests'] });
  // Their stays, when asked so.
  expect(read('how many stays did gold members make in 2025')).toMatchObject({ metrics: ['stays'] });
});

test('"which of our …", "who … the most", "which <value>": a ranking of the members asked for', () => {
  expect(read('which of our hotels sold the most room nights in 2025')).toMatchObject({
    groupBy: ['hotel'],
    topN: { n: 1, order: 'desc' },
  });
  expect(read('who stayed the most nights in 2025')).toMatchObject({ groupBy: ['guest'], topN: { n: 1, order: 'desc' } });
  // The value names a kind whose members another dimension lists: the agencies, within the agency channel.
  expect(read('which of the travel agencies brought the most stays last year')).toMatchObject({
    groupBy: ['agency'],
    topN: { n: 1, order: 'desc' },
    filters: [{ dimension: 'channel', values: ['AGENCY'] }],
  });
  expect(read('which gold member stayed the most in 2025')).toMatchObject({
    groupBy: ['guest'],
    filters: [{ dimension: 'tier', values: ['GOLD'] }],
  });
  // A superlative the plan cannot rank by stays unread: "most" is left over (and blocks), never part of the metric's words.
  const r = readQuestion('which member stayed the most nights in 2025', hotels);
  expect(r.hits.filter((h) => h.kind === 'metric').map((h) => h.text)).not.toContain('most nights');
});

test('a value of two dimensions is the one whose dimension is named beside it; "each of our <value> <dimension>" groups', () => {
  expect(read('room revenue for the France region in 2025').filters).toEqual([{ dimension: 'region', values: ['France'] }]);
  expect(read('room revenue for each of our Iberian hotels last quarter')).toMatchObject({
    groupBy: ['hotel'],
    filters: [{ dimension: 'region', values: ['Iberia'] }],
  });
  expect(read('the three priciest hotels by room revenue in 2025').topN).toEqual({ n: 3, order: 'desc' });
});

test('"I look after Iberia" manages, it is no period; acknowledgements and remarks on the last answer are left out', () => {
  expect(asMeant('Morning! I look after operations for Iberia. Could you pull room revenue?')).toBe(
    'Morning! I manage operations for Iberia. Could you pull room revenue?',
  );
  expect(asMeant('Fine. split by channel instead')).toBe('split by channel instead');
  expect(asMeant('明白了。那11月各酒店的入住次数分别是多少？')).toBe('那11月各酒店的入住次数分别是多少？');
  expect(asMeant('OK, Harbour View did most of the work. Now by channel?')).toBe('Now by channel?');
  // A sentence that keeps or leaves out something is no remark.
  expect(asMeant('Old Town was odd, only Old Town please. By channel?')).toContain('only Old Town');
});

test('"longer", "the longest", 更久: how long a stay lasts, the one average of a duration; two values compared stay apart', () => {
  expect(read('Do gold members stay longer than basic members?')).toMatchObject({ metrics: ['average_stay'], groupBy: ['tier'] });
  expect(read('which hotel has the longest stays in 2025')).toMatchObject({
    metrics: ['average_stay'],
    groupBy: ['hotel'],
    topN: { n: 1, order: 'desc' },
  });
  expect(read('金卡会员的入住比普通会员更久吗')).toMatchObject({ metrics: ['average_stay'], groupBy: ['tier'] });
  // 比 sets two values apart; 比例 is no comparison.
  expect(read('2025年金卡会员的客房收入比普通会员多吗')).toMatchObject({ metrics: ['room_revenue'], groupBy: ['tier'] });
  // A count of the stays, or money, named with no word of length, is as it was.
  expect(read('which hotel had the most stays in 2025').metrics).toEqual(['stays']);
});

describe('follow-ups', () => {
  const talk = (...messages: string[]) =>
    converse(messages, hotels, null, '2026-12-01').map((t) => (t.out.kind === 'needs_clarification' ? 'asked back' : brief(t.reading)));

  test('the year so far, the same quarter last year (alone: the period; with "compare": the comparison)', () => {
    expect(talk('stays by hotel last month', 'And for the year so far?')[1]).toBe('stays 2026-01-01..2026-12-02 [] /hotel');
    expect(talk('room revenue by hotel in Q3 2026', 'What did those numbers look like in the same quarter last year?')[1]).toBe(
      'room_revenue 2025-07-01..2025-10-01 [] /hotel',
    );
    expect(talk('room revenue by hotel in Q3 2026', 'compare it with the same quarter last year')[1]).toBe(
      'room_revenue 2026-07-01..2026-10-01 vs 2025-07-01..2025-10-01 [] /hotel',
    );
  });

  test('a reset after a closing remark, and "那算了" is no word to ask about', () => {
    const turns = talk('stays by channel in 2025', 'OK 这个先这样，start over。上个月客房收入最高的 2 个酒店是哪些？');
    expect(turns[1]).toBe('room_revenue 2026-11-01..2026-12-01 [] /hotel desc2:hotel');
    expect(talk('stays by channel in 2025', '换成 Spain 看看', 'ok 那算了。把 Spain 的 filter 去掉')[2]).toBe(
      'stays 2025-01-01..2026-01-01 [] /channel',
    );
  });

  test('a dimension after a value is whose the value is; "all <dimension> again" lifts the filter and keeps the breakdown', () => {
    expect(talk('stays by channel in 2025', '只看 Spain 的酒店')[1]).toBe('stays 2025-01-01..2026-01-01 [country=Spain] /channel');
    expect(talk('room nights by hotel in 2025', 'gold members only', 'ok all tiers again')[2]).toBe(
      'room_nights 2025-01-01..2026-01-01 [] /hotel',
    );
  });

  test('"the same … view for <value>" follows up; a month with "this year" is this year\'s; 家 counts', () => {
    expect(
      talk('room revenue by hotel in Q3 2026 for Iberia', 'Could you run the same view for the France region, for comparison?')[1],
    ).toBe('room_revenue 2026-07-01..2026-10-01 [region=France] /hotel');
    expect(talk('room revenue by hotel in Q3 2025', 'why did it change from Q3 2025 to Q3 this year?')[1]).toBe(
      'room_revenue 2026-07-01..2026-10-01 vs 2025-07-01..2025-10-01 [] /',
    );
    expect(talk('2026年11月各酒店的客房收入', '那排在最后的两家呢？')[1]).toBe('room_revenue 2026-11-01..2026-12-01 [] /hotel asc2:hotel');
  });
});
