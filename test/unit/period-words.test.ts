/**
 * Ways of naming a whole year or all of the data that the paraphrase suite (eval/paraphrases/chinook.ts) found asked
 * back: "calendar year 2024", "2024年全年", "since we started", "since day one". Asked in other words here; a fiscal
 * year is not read as the calendar's (a company's may start in any month).
 */
import { brief, chinook, planned } from './followup-harness';
import { extent } from './chinook-extent';

test.each([
  ['what were our takings in the full year 2023?', 'revenue 2023-01-01..2024-01-01 [] /'],
  ['revenue for the entire year 2022 by country', 'revenue 2022-01-01..2023-01-01 [] /country'],
  ['2023全年的订单数', 'orders 2023-01-01..2024-01-01 [] /'],
  ['2022年整年各国家的营收', 'revenue 2022-01-01..2023-01-01 [] /country'],
  ['how many tracks have we sold since the very beginning?', 'tracks_sold all [] /'],
  ['成立以来每个国家的销售额', 'revenue all [] /country'],
])('%s', (question, reading) => {
  const r = planned(question, chinook, extent);
  expect(typeof r === 'string' ? r : brief(r)).toBe(reading);
});

test('a fiscal year is asked back, not read as the calendar year', () => {
  expect(planned('revenue for fiscal year 2024', chinook, extent)).toMatch(/^(?:blocking|needs_clarification)/);
});
