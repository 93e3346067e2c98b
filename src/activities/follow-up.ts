/** Follow-up agent: reads a conversation's message against the thread so far, on the session's catalog (src/model/followup). */
import { defineAgent } from '../agents/contract';
import { FollowUpInput, FollowUpOutput } from '../contracts/session';
import { readFollowUp } from '../model/followup';
import { catalogFor } from '../settings/sources';

export const resolveFollowUp = defineAgent({
  name: 'follow-up',
  input: FollowUpInput,
  output: FollowUpOutput,
  run: (input) => readFollowUp(input, catalogFor(input.catalogPath)),
});
