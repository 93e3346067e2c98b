/** The words of a conversation's reuse of an earlier turn's step results (src/storage/reuse.ts). */
import { defineMessages } from './message';

export const REUSE_MESSAGES = defineMessages({
  'sessions.reuse.data-changed': {
    zh: '数据自上一轮以来已变化，已重新查询。',
    en: 'the data changed since the earlier turn; queried again.',
  },
  'sessions.reuse.note': { zh: '注：{note}', en: 'Note: {note}' },
  'sessions.reuse.step-reused': { zh: '{rows} 行（复用上一轮的结果）', en: '{rows} row(s), reused from an earlier turn' },
  'sessions.reuse.stage-reused': { zh: '复用上一轮的结果', en: 'reused from an earlier turn' },
  'sessions.reuse.step-requeried': { zh: '{rows} 行（数据已变化，已重新查询）', en: '{rows} row(s), queried again: the data changed' },
});
