/** Search attributes Baton sets on every run, so runs can be filtered in the Web UI and `temporal workflow list`. */
import { defineSearchAttributeKey, SearchAttributeType } from '@temporalio/common';

/** attribution | comparison | trend | query */
export const INTENT_ATTRIBUTE = defineSearchAttributeKey('BatonIntent', SearchAttributeType.KEYWORD);
/** running | completed | degraded | cannot_answer */
export const STATUS_ATTRIBUTE = defineSearchAttributeKey('BatonStatus', SearchAttributeType.KEYWORD);
