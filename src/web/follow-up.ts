/** The conversation's part of the page: waits for the session API (src/sessions/client.ts). */
import type { FollowUp } from './context';

export function followUpPart(): FollowUp | undefined {
  return undefined;
}
