/** Search attributes Baton sets on every run, so runs can be filtered in the Web UI and `temporal workflow list`. */
import { defineSearchAttributeKey, SearchAttributeType } from '@temporalio/common';

/** attribution | comparison | trend | query */
export const INTENT_ATTRIBUTE = defineSearchAttributeKey('BatonIntent', SearchAttributeType.KEYWORD);
/** running, then how the run ended: completed | degraded | cannot_answer | needs_clarification | rejected | cancelled */
export const STATUS_ATTRIBUTE = defineSearchAttributeKey('BatonStatus', SearchAttributeType.KEYWORD);
/** The session a run is a turn of (`baton session <id>`); set on the session workflow and on each turn's run. */
export const SESSION_ATTRIBUTE = defineSearchAttributeKey('BatonSession', SearchAttributeType.KEYWORD);
/** The schedule a run was started by (`baton runs --schedule <id>`). */
export const SCHEDULE_ATTRIBUTE = defineSearchAttributeKey('BatonSchedule', SearchAttributeType.KEYWORD);
