/**
 * Several members at once, and members left out, as the eleventh blind set asked them (eval/blind/members-11.ts),
 * tested here in other words: "each"/分别/各自 asks for every kept value on its own line; "+ X" and "… either" add to
 * what the thread keeps or leaves out; "forget/ignore/disregard the X filter" lifts it; "6 mo" is six months and '23
 * is 2023; 清空/重新问 and "new q." start over. Each failed before.
 */
import { extent } from './chinook-extent';
import { chinook, converse, demo } from './followup-harness';

const brief = (turns: ReturnType<typeof converse>) =>
  turns.map((t) => {
    const r = t.reading;
    if (t.out.kind === 'needs_clarification') return 'asked back';
    if (!r) return `${t.out.kind}: ${t.planned}`;
    const where = r.filters.map((f) => ` ${f.dimension}${f.exclude ? '!=' : '='}${[...f.values].sort().join('|')}`).join('');
    const by = r.group_by.length > 0 ? ` by ${r.group_by.join(',')}` : '';
    return `${r.metrics.join(',')} ${r.window?.start ?? '-'}..${r.window?.end ?? '-'}${where}${by}`;
  });

test('each of several kept values on its own line: 各自, "separately", "each" (not "each month")', () => {
  expect(brief(converse(['2023年美国和巴西各自的订单数'], chinook, extent))).toEqual([
    'orders 2023-01-01..2024-01-01 country=Brazil|USA by country',
  ]);
  expect(brief(converse(['tracks sold for Jazz and Blues separately, 2022'], chinook, extent))).toEqual([
    'tracks_sold 2022-01-01..2023-01-01 genre=Blues|Jazz by genre',
  ]);
  expect(brief(converse(['orders from France and Germany each month in 2024'], chinook, extent))).toEqual([
    'orders 2024-01-01..2025-01-01 country=France|Germany by month',
  ]);
  // Without such a word, two values are one figure, as before.
  expect(brief(converse(['orders from France and Germany in 2024'], chinook, extent))).toEqual([
    'orders 2024-01-01..2025-01-01 country=France|Germany',
  ]);
});

test('adding to the kept or left-out values: "+ X", "… either"; lifting with forget/ignore/disregard', () => {
  const turns = converse(
    [
      'invoices by country in 2024, excluding Brazil',
      "and don't count France either",
      'only Germany and Canada, each',
      '+ Norway',
      'disregard the country filter',
    ],
    chinook,
    extent,
  );
  expect(brief(turns)).toEqual([
    'orders 2024-01-01..2025-01-01 country!=Brazil by country',
    'orders 2024-01-01..2025-01-01 country!=Brazil|France by country',
    'orders 2024-01-01..2025-01-01 country=Canada|Germany by country',
    'orders 2024-01-01..2025-01-01 country=Canada|Germany|Norway by country',
    'orders 2024-01-01..2025-01-01 by country',
  ]);
});

test("chat shorthand for periods: '23, “the last 3 mo”", () => {
  const turns = converse(['gmv by region last month', 'last 3 mo', "and for Q1 '26?"], demo, null);
  expect(brief(turns)).toEqual([
    'gmv 2026-10-01..2026-11-01 by region',
    'gmv 2026-08-01..2026-11-01 by region',
    'gmv 2026-01-01..2026-04-01 by region',
  ]);
});

test('清空 / 重新问 / "new q." start over', () => {
  expect(converse(['2024年各国家的销售额', '清空，重新问：2023年销量'], chinook, extent).map((t) => t.out.kind)).toEqual([
    'fresh',
    'reset',
  ]);
  expect(brief(converse(['revenue by genre 2024', 'new q. orders in 2022'], chinook, extent))).toEqual([
    'track_revenue 2024-01-01..2025-01-01 by genre',
    'orders 2022-01-01..2023-01-01',
  ]);
});

// Blind set 12: "Led Zeppelin vs Deep Purple, all time" after a breakdown by country was their total by country,
// labelled completed. Values set side by side in a follow-up are the breakdown in place of the thread's.
test('values set side by side in a follow-up are the breakdown: vs, compared with, 对比, 分别', () => {
  expect(brief(converse(['units by country in 2023', 'Blues versus Jazz'], chinook, extent))).toEqual([
    'tracks_sold 2023-01-01..2024-01-01 by country',
    'tracks_sold 2023-01-01..2024-01-01 genre=Blues|Jazz by genre',
  ]);
  expect(brief(converse(['2024年各国家的订单数', '巴西和德国对比一下'], chinook, extent))).toEqual([
    'orders 2024-01-01..2025-01-01 by country',
    'orders 2024-01-01..2025-01-01 country=Brazil|Germany by country',
  ]);
  expect(brief(converse(['revenue by media type in 2022', 'only Rock and Metal, each on its own'], chinook, extent))).toEqual([
    'track_revenue 2022-01-01..2023-01-01 by media_type',
    'track_revenue 2022-01-01..2023-01-01 genre=Metal|Rock by genre',
  ]);
  // Without such a word, they narrow the thread's breakdown, as before.
  expect(brief(converse(['units by country in 2023', 'only Blues and Jazz'], chinook, extent))).toEqual([
    'tracks_sold 2023-01-01..2024-01-01 by country',
    'tracks_sold 2023-01-01..2024-01-01 genre=Blues|Jazz by country',
  ]);
});
