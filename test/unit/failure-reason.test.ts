/**
 * The reason a run gives for an agent that gave up is the same however its tries were disturbed.
 * Found by the short chaos run (seed 748274 in CI): the step-retries scenario's answer differed from its baseline when
 * the ledger could not be read as its third try gave up (PostgreSQL connections terminated), and the placeholder
 * of an unrecorded try became the step's reason.
 */
import { ActivityFailure, RetryState, TimeoutFailure } from '@temporalio/common';
import { giveUp, mostTellingReason, type GaveUp } from '../../src/temporal/failures';

const REFUSED = 'cannot reach PostgreSQL at postgres://postgres@127.0.0.1:1/nowhere: connect ECONNREFUSED 127.0.0.1:1';

function gaveUp(attempts: GaveUp['attempts']): ActivityFailure {
  const err = Object.assign(new Error(REFUSED), { name: 'DatabaseUnreachableError' });
  return new ActivityFailure('activity task failed', 'runSqlStep', '9', RetryState.NON_RETRYABLE_FAILURE, 'worker', giveUp(err, attempts));
}

test('an earlier try the ledger could not give does not become the reason: the try that gave up gives its own', () => {
  const unrecorded = { failure: 'agent_retryable' as const, message: 'not recorded (the execution ledger was unavailable)' };
  const reason = mostTellingReason(
    gaveUp([
      { attempt: 1, ...unrecorded },
      { attempt: 2, ...unrecorded },
      { attempt: 3, failure: 'agent_retryable', message: REFUSED },
    ]),
  );
  expect(reason).toBe(REFUSED);
});

test('the same reason with every try recorded, and with a try lost to the infrastructure between them', () => {
  const own = { failure: 'agent_retryable' as const, message: REFUSED };
  const recorded = mostTellingReason(gaveUp([1, 2, 3].map((attempt) => ({ attempt, ...own }))));
  const withLoss = mostTellingReason(
    gaveUp([
      { attempt: 1, ...own },
      { attempt: 2, failure: 'infrastructure', message: 'lost with its worker, or timed out' },
      { attempt: 3, ...own },
      { attempt: 4, ...own },
    ]),
  );
  expect(recorded).toBe(REFUSED);
  expect(withLoss).toBe(REFUSED);
  // No agent spoke: the infrastructure's last word.
  expect(
    mostTellingReason(
      new ActivityFailure(
        'activity task failed',
        'runSqlStep',
        '9',
        RetryState.TIMEOUT,
        'worker',
        new TimeoutFailure('activity Heartbeat timeout', undefined, 'HEARTBEAT'),
      ),
    ),
  ).toBe('activity Heartbeat timeout');
});
