/**
 * What a message after a why asks for (docs/follow-ups.md, "After a why"). Three readers who had not seen the rules
 * read sixteen such messages: a figure named ("break the Q1 figure down by country") and the period the why measured
 * from ("and in 2024?" after "why is it down on 2024?") ask for figures; a breakdown, a filter, a value or a later
 * period ask for the why again, changed. And a why whose only period is the one it is measured against ("why did
 * revenue fall versus 2023?") is the thread's period's change: before, it was read as a fresh question about 2023
 * against 2022 and answered. Phrased here in other words than the blind set's and the readers'.
 */
import { extent } from './chinook-extent';
import { chinook, converse } from './followup-harness';

const brief = (turns: ReturnType<typeof converse>) =>
  turns.map((t) => {
    const r = t.reading;
    if (!r) return t.out.kind;
    const parts = t.out.kind === 'follow_up' ? t.out.expected.decomposed_by : undefined;
    const why = parts ? ` why${parts.length > 0 ? ` by ${parts.join(',')}` : ''}` : '';
    const against = r.compared_with ? ` vs ${r.compared_with.start}` : '';
    const by = r.group_by.length > 0 ? ` by ${r.group_by.join(',')}` : '';
    const where = r.filters.map((f) => ` ${f.dimension}=${f.values.join('|')}`).join('');
    return `${r.metrics.join(',')} ${r.window?.start ?? '-'}..${r.window?.end ?? '-'}${against}${where}${by}${why}`;
  });

test('a figure named after a why is the figure, broken down as the message says', () => {
  const en = converse(
    ['Revenue by quarter in 2023', 'Q3 came in weaker than Q2 - why?', 'show me the Q3 number by genre'],
    chinook,
    extent,
  );
  expect(brief(en).slice(1)).toEqual([
    // A quarter-by-quarter thread has no dimension to decompose by: the planner's own choice.
    'revenue 2023-07-01..2023-10-01 vs 2023-04-01 why',
    'track_revenue 2023-07-01..2023-10-01 by genre',
  ]);
  const zh = converse(['2024年各媒体类型的销量', '为什么比2023年少？', '把这个数按国家拆一下'], chinook, extent);
  expect(brief(zh).slice(1)).toEqual([
    'tracks_sold 2024-01-01..2025-01-01 vs 2023-01-01 why by media_type',
    'tracks_sold 2024-01-01..2025-01-01 by country',
  ]);
  expect(zh.every((t) => t.differences.length === 0)).toBe(true);
});

test('the period a why measured from, asked after it, is that period’s figures in the same breakdown', () => {
  const turns = converse(['Orders by country in 2025', 'why are orders down on 2024?', 'and for 2024?'], chinook, extent);
  expect(brief(turns).slice(1)).toEqual([
    'orders 2025-01-01..2026-01-01 vs 2024-01-01 why by country',
    'orders 2024-01-01..2025-01-01 by country',
  ]);
  const zh = converse(['2025年各流派的销量', '为什么比上一年少？', '那2024年呢'], chinook, extent);
  expect(brief(zh)[2]).toBe('tracks_sold 2024-01-01..2025-01-01 by genre');
});

test('a breakdown, a value or a later period asked after a why changes the why', () => {
  const turns = converse(
    ['Tracks sold by genre in 2024', 'why did that go down from 2023?', 'split it by media type', 'what about Canada?'],
    chinook,
    extent,
  );
  expect(brief(turns).slice(1)).toEqual([
    'tracks_sold 2024-01-01..2025-01-01 vs 2023-01-01 why by genre',
    'tracks_sold 2024-01-01..2025-01-01 vs 2023-01-01 why by media_type',
    'tracks_sold 2024-01-01..2025-01-01 vs 2023-01-01 country=Canada why by media_type',
  ]);
  const month = converse(['Revenue by month in 2022', 'why did it slump in June?', 'and July?'], chinook, extent);
  expect(brief(month)[2]).toBe('revenue 2022-07-01..2022-08-01 vs 2022-06-01 why by country');
});

test('a why naming only the period it is measured against is the thread period’s change', () => {
  const en = converse(['Tracks sold by genre in 2024', 'why did tracks sold drop compared with 2023?'], chinook, extent);
  expect(brief(en)[1]).toBe('tracks_sold 2024-01-01..2025-01-01 vs 2023-01-01 why by genre');
  const zh = converse(['2024年各国家的订单数', '订单数比2023年少了，为什么'], chinook, extent);
  expect(brief(zh)[1]).toBe('orders 2024-01-01..2025-01-01 vs 2023-01-01 why by country');
  // With no thread, the same words are a question of their own, read as the planner reads them.
  expect(converse(['why did tracks sold drop compared with 2023?'], chinook, extent)[0]?.out.kind).toBe('fresh');
});

test('two changes at once to the view after a why, of who is counted, the breakdown or the period, ask for figures', () => {
  // Every writer of a conversation who changed two of these in one message after a why meant the figures; the messages
  // here are other words than theirs.
  const en = converse(
    ['Revenue by genre in 2024', 'why did it fall from 2023?', 'just Canada, and split it by media type please'],
    chinook,
    extent,
  );
  expect(brief(en)[2]).toBe('track_revenue 2024-01-01..2025-01-01 country=Canada by media_type');
  const lifted = converse(
    ['Revenue by genre for Brazil in 2024', 'why is it lower than in 2023?', 'drop the Brazil filter and show it per country'],
    chinook,
    extent,
  );
  expect(brief(lifted)[2]).toBe('revenue 2024-01-01..2025-01-01 by country');
  const zh = converse(['2024年各流派的销量', '为什么比2023年少？', '只看美国的，按媒体类型看看'], chinook, extent);
  expect(brief(zh)[2]).toBe('tracks_sold 2024-01-01..2025-01-01 country=USA by media_type');
  expect([...en, ...lifted, ...zh].every((t) => t.differences.length === 0)).toBe(true);
});

test('the same analysis asked again with two changes stays a why', () => {
  const turns = converse(
    ['Revenue by genre in 2024', 'why did it fall from 2023?', 'do the same for Canada, by media type'],
    chinook,
    extent,
  );
  expect(brief(turns)[2]).toBe('track_revenue 2024-01-01..2025-01-01 vs 2023-01-01 country=Canada why by media_type');
});

test('a value the why already keeps, named again with a breakdown, is one change: the why by that breakdown', () => {
  const turns = converse(['Revenue by genre for Canada in 2024', 'why did it fall from 2023?', 'Canada, by media type'], chinook, extent);
  expect(brief(turns)[2]).toBe('track_revenue 2024-01-01..2025-01-01 vs 2023-01-01 country=Canada why by media_type');
});
