/**
 * The ledger's token counts come from a thread of their own (src/temporal/token-thread.ts) and equal what the
 * tokenizer counts on the main thread (tokensOf, the budgets' count).
 */
import { tokensOf } from '../../src/agents/budgets';
import { countTokensApart, IDLE_MS, stopTokenThread, tokenThreadRunning } from '../../src/temporal/token-thread';

afterAll(() => stopTokenThread());

test('the same counts as tokensOf, for text and for a value as its JSON', async () => {
  const values = [
    '为什么华东区上个月复购率下降了？',
    'Top 5 genres by revenue in 2024',
    { step_id: 's1', rows: Array.from({ length: 50 }, (_, i) => ({ genre: `Genre ${i}`, value: i * 12.5 })) },
    '',
  ];
  const counts = await countTokensApart(values);
  expect(counts).toEqual(values.map((v) => tokensOf(v)));
  expect(counts[0]).toBeGreaterThan(5);
  expect(counts[3]).toBe(0);
});

test('many counts at once each get their own answer, and a stopped thread is started again', async () => {
  const texts = Array.from({ length: 40 }, (_, i) => 'word '.repeat(i + 1));
  const counts = await Promise.all(texts.map((t) => countTokensApart([t]).then(([n]) => n)));
  expect(counts).toEqual(texts.map((t) => tokensOf(t)));
  await stopTokenThread();
  expect(await countTokensApart(['hello world'])).toEqual([tokensOf('hello world')]);
});

test('a thread with nothing to count stops after IDLE_MS, and the next count starts one again', async () => {
  expect(await countTokensApart(['one more'])).toEqual([tokensOf('one more')]);
  expect(tokenThreadRunning()).toBe(true);
  await new Promise((resolve) => setTimeout(resolve, IDLE_MS + 1_000));
  expect(tokenThreadRunning()).toBe(false);
  expect(await countTokensApart(['and again'])).toEqual([tokensOf('and again')]);
  expect(tokenThreadRunning()).toBe(true);
}, 30_000);
