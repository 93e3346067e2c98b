/**
 * A why asked of a why: the second keeps the dimension the first was decomposed by. Before, the thread of a why had no
 * dimensions, so "what is behind the change?" after "why is it down on 2024?" (of revenue by genre) was decomposed by
 * whatever the planner chose.
 */
import { extent } from './chinook-extent';
import { chinook, converse, demo } from './followup-harness';

const decomposedBy = (turns: ReturnType<typeof converse>) =>
  turns.map((t) => (t.out.kind === 'follow_up' ? (t.out.expected.decomposed_by ?? null) : t.out.kind));

test('on Chinook: a why of a why keeps the genre; a breakdown or another period asked of it stays a why', () => {
  const turns = converse(
    ['Revenue by genre in 2025', 'why is it down on 2024?', 'what is behind the change?', 'by artist', 'and in 2023?'],
    chinook,
    extent,
  );
  // "and in 2023?" is a period of neither of the why's two: the why moves to it (2023 against 2022), by artist.
  expect(decomposedBy(turns)).toEqual(['fresh', ['genre'], ['genre'], ['artist'], ['artist']]);
  expect(turns.map((t) => t.differences)).toEqual([[], [], [], [], []]);
  expect(turns[2]?.asked).toBe('why did track revenue change in 2025 by genre');
});

test('on the demo shop, in Chinese: a filter added to a why keeps its category', () => {
  const turns = converse(['上个月各品类的GMV', '为什么？', '那华东呢', '按渠道呢'], demo, null);
  expect(decomposedBy(turns)).toEqual(['fresh', ['category'], ['category'], ['channel']]);
  expect(turns[2]?.reading?.filters).toEqual([{ dimension: 'region', values: ['华东'] }]);
});
