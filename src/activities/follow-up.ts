/**
 * Follow-up agent: reads a conversation's message against the thread so far, on the session's catalog
 * (src/model/followup). The members the thread's filters keep that the catalog lists no values for (found in the data
 * by an earlier turn's planner) are read as the catalog's values; a follow-up naming a member the thread has not met
 * ("what about Metallica?") has it looked up in the data as the planner does (src/catalog/members.ts).
 */
import { defineAgent } from '../agents/contract';
import type { Catalog } from '../catalog/catalog';
import { findMembers, withMembers } from '../catalog/members';
import type { KnownMember } from '../contracts/query';
import { FollowUpInput, FollowUpOutput } from '../contracts/session';
import { readFollowUp, wordsUnread } from '../model/followup';
import { catalogFor, databaseFor } from '../settings/sources';

/** The catalog with the values the thread and its constraints keep, where it lists none for their dimension. */
function withThreadMembers(catalog: Catalog, input: FollowUpInput): Catalog {
  const filters = [...(input.thread?.reading.filters ?? []), ...(input.constraints ?? [])];
  const unlisted = filters.filter((f) => Object.keys(catalog.dimensions[f.dimension]?.values ?? { listed: [] }).length === 0);
  return withMembers(
    catalog,
    unlisted.flatMap((f) => f.values.map((value) => ({ dimension: f.dimension, value, text: value }))),
  );
}

/** The members the turn keeps of dimensions the catalog lists no values for: its planner reads them as placed here. */
function withPlacedMembers(read: FollowUpOutput, written: Catalog): FollowUpOutput {
  if (read.kind !== 'follow_up') return read;
  const members = read.expected.filters.flatMap((f) =>
    Object.keys(written.dimensions[f.dimension]?.values ?? { listed: [] }).length > 0
      ? []
      : f.values.map((value): KnownMember => ({ dimension: f.dimension, value })),
  );
  return members.length > 0 ? { ...read, members } : read;
}

export const resolveFollowUp = defineAgent({
  name: 'follow-up',
  input: FollowUpInput,
  output: FollowUpOutput,
  run: async (input) => {
    const written = catalogFor(input.catalogPath);
    const catalog = withThreadMembers(written, input);
    const read = readFollowUp(input, catalog);
    // A message read against the thread uses every word: only one asked back, or read as a question of its own, can
    // hold a name the thread has not met ("只看 Helena Holý，按流派看曲目销售额" names a metric and a breakdown).
    if (read.kind === 'follow_up' || read.kind === 'reset' || !input.thread) return withPlacedMembers(read, written);
    const unread = wordsUnread(input, catalog);
    if (unread.length === 0) return read;
    const found = await findMembers(input.question, unread, catalog, databaseFor(input.databaseUrl));
    // A name written with a capital is one even where the message starts with it ("Berlin only", "Queen?").
    const taken = [...found.members, ...found.suggested.filter((m) => /^\p{Lu}/u.test(m.text))];
    return taken.length > 0 ? withPlacedMembers(readFollowUp(input, withMembers(catalog, taken)), written) : read;
  },
});
