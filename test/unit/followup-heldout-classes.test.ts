/**
 * The classes of phrasing the held-out conversations showed the reader missing, each with new phrasings: a why
 * against a named period, a why decomposed by the thread's breakdown, ranking counts with filler words, and a
 * filter value replaced by an English name of a Chinese value. Each is read against a thread and its question planned
 * by the real rules planner: the planned reading must be the one expected, and the expected one what was asked.
 */
import type { DataExtent } from '../../src/contracts';
import { extent } from './chinook-extent';
import { AS_OF, chinook, converse, demo } from './followup-harness';

const last = <T>(xs: T[]): T => xs[xs.length - 1] as T;
const span = (w: { start: string; end: string } | null | undefined) => (w ? `${w.start}..${w.end}` : null);

function reads(messages: string[], catalog = chinook, ext: DataExtent | null = extent) {
  const turns = converse(messages, catalog, ext, AS_OF);
  const r = last(turns);
  return { out: r.out, reading: r.reading, differences: r.differences, turns };
}

describe('a why against a named period keeps the thread period', () => {
  test.each([
    ['2023年各国家的销售额', '为什么比2022年多了？', '2023-01-01..2024-01-01', '2022-01-01..2023-01-01'],
    ['revenue by country in 2023', 'why is it up compared with 2021?', '2023-01-01..2024-01-01', '2021-01-01..2022-01-01'],
    ['revenue by media type in 2024', 'so why was it lower than in 2022?', '2024-01-01..2025-01-01', '2022-01-01..2023-01-01'],
    ['revenue by country in 2025', 'why did it fall vs last year?', '2025-01-01..2026-01-01', '2024-01-01..2025-01-01'],
    ['2025年各国家的销售额', '为什么比去年少？', '2025-01-01..2026-01-01', '2024-01-01..2025-01-01'],
  ])('%s / %s', (first, why, window, against) => {
    const { out, reading, differences } = reads([first, why]);
    expect(out.kind).toBe('follow_up');
    if (out.kind !== 'follow_up') return;
    expect(out.changes).toContain('ask_why');
    expect(span(out.expected.window)).toBe(window);
    expect(span(out.expected.compared_with)).toBe(against);
    expect(differences).toEqual([]);
    expect(span(reading?.window)).toBe(window);
    expect(span(reading?.compared_with)).toBe(against);
  });
});

describe("a why is decomposed by the thread's breakdown, or asked back", () => {
  test('demo: by item category, the decomposition is by item category', () => {
    const { out, reading, differences } = reads(['item revenue last month by item category', "what's driving the change?"], demo, null);
    expect(out.kind).toBe('follow_up');
    if (out.kind !== 'follow_up') return;
    expect(out.expected.decomposed_by).toEqual(['item_category']);
    expect(differences).toEqual([]);
    expect(reading?.decomposed_by?.[0]).toBe('item_category');
  });
  test('chinook: revenue by genre in 2024 then why: decomposed by genre (track revenue)', () => {
    const { out, reading } = reads(['revenue by genre in 2024', 'what explains the change?']);
    if (out.kind === 'follow_up') expect(reading?.decomposed_by?.[0]).toBe('genre');
    else expect(out.kind).toBe('needs_clarification');
  });
});

describe('ranking counts with filler words change the ranking', () => {
  test.each([
    ['2023年销售额最高的5个国家', '前三名就可以', 3, 'desc'],
    ['top 5 countries by revenue in 2023', 'the top two will do', 2, 'desc'],
    ['top 5 countries by revenue in 2023', 'only need the top 3, thanks', 3, 'desc'],
    ['2023年销售额最高的5个国家', '最后三名', 3, 'asc'],
    ['top 5 countries by revenue in 2023', 'and the last two?', 2, 'asc'],
  ])('%s / %s', (first, say, n, order) => {
    const { out, reading, differences } = reads([first, say]);
    expect(out.kind).toBe('follow_up');
    expect(differences).toEqual([]);
    expect(reading?.ranking).toEqual({ n, order, by: 'country' });
  });
});

describe('an English name of a Chinese value replaces the filter', () => {
  test.each([
    ['GMV last month by channel in 华东', 'switch it to south china'],
    ['GMV last month by channel in 华东', 'make it southwest'],
    ['上个月华东各渠道的GMV', '换成西南'],
  ])('%s / %s', (first, say) => {
    const { out, reading, differences } = reads([first, say], demo, null);
    expect(out.kind).toBe('follow_up');
    expect(differences).toEqual([]);
    expect(reading?.filters.find((f) => f.dimension === 'region')?.values.length).toBe(1);
    expect(reading?.filters.find((f) => f.dimension === 'region')?.values[0]).not.toBe('华东');
  });
});
