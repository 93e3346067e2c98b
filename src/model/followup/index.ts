/**
 * The follow-up reader: what a message means against the thread so far (src/contracts/session.ts, FollowUpOutput).
 *
 * This first version knows only a reset ("start over", "重新开始") and otherwise asks every message as written;
 * the rules for follow-ups (a breakdown, a period, a filter, a metric, a ranking, a why) build on it.
 */
import type { FollowUpInput, FollowUpOutput } from '../../contracts/session';

const RESET =
  /^\s*(?:start\s+over|new\s+question|reset|forget\s+(?:it|that|everything)|重新开始|重来|新问题|换个问题)\b[\s,.;:!，。；：！]*/i;

export function readFollowUp(input: FollowUpInput): FollowUpOutput {
  const reset = RESET.exec(input.question);
  if (reset) {
    const rest = input.question.slice(reset[0].length).trim();
    return { kind: 'reset', question: rest || null };
  }
  return { kind: 'fresh', question: input.question.trim() };
}
