/**
 * What the blind "as users ask" set on Chinook (eval/as-users-ask/chinook.ts, 30 questions written without reading the
 * parser) found answered with another reading and labelled completed, or not answered: asked here in other words.
 */
import { brief, chinook, demo, planned } from './followup-harness';
import { extent } from './chinook-extent';

test.each([
  // A metric's own name beats an alias of the main metric that shares its word (revenue's "invoice total").
  ['2024年哪个月的订单最多', 'orders 2024-01-01..2025-01-01 [] /month desc1:month'],
  ['which country placed the fewest invoices in 2023?', 'orders 2023-01-01..2024-01-01 [] /country asc1:country'],
  // 头号 is a superlative: the top one, by the main metric when none is named.
  ['我们的头号艺术家是谁', 'track_revenue all [] /artist desc1:artist'],
  // Who bought or spent the most is ranked by what they bought, not by how many of them there are.
  ['哪个国家的用户买得最多', 'revenue all [] /country desc1:country'],
  ["which country's clients spent the most", 'revenue all [] /country desc1:country'],
  ['which city has the most customers', 'buying_customers all [] /city desc1:city'],
  // "Who" bought or spent the most is the customer dimension, ranked by the main metric.
  ['who spent the most in 2024?', 'revenue 2024-01-01..2025-01-01 [] /customer desc1:customer'],
  ['谁花钱最多', 'revenue all [] /customer desc1:customer'],
  // A ranking over periods with no metric named: the main metric, from the end the superlative asks.
  ['what was our weakest month?', 'revenue all [] /month asc1:month'],
  ['哪一年最好', 'revenue all [] /year desc1:year'],
])('%s', (question, reading) => {
  const r = planned(question, chinook, extent);
  expect(typeof r === 'string' ? r : brief(r)).toBe(reading);
});

test('who among values named is not the customer dimension: asked back, never answered by customer', () => {
  // The demo shop's as-users-ask #7: "who" is which of the two kinds of customer.
  const r = planned('Who bought the most from us, new or returning customers?', demo, null);
  expect(typeof r === 'string' ? r : brief(r)).not.toMatch(/\/customer /);
});

test('"售出曲目的平均单价" is never answered as tracks sold (a catalog name 售出曲目 once made it so)', () => {
  const r = planned('售出曲目的平均单价是多少', chinook, extent);
  expect(typeof r === 'string' ? r : brief(r)).not.toMatch(/^tracks_sold/);
});
