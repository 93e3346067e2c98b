/**
 * The words of a conversation (src/workflows/session*.ts, src/sessions/): a follow-up's first line with what it
 * carried over, a turn asked back (nothing to resolve against, a reading that is not what the thread implied), a
 * reset, a contradiction between turns, the refusals of a turn (empty, another catalog or database, a closed
 * session) and the session's turns as the Web UI lists them. Pure: workflow code renders them.
 */
import type { CarriedPart } from '../contracts/session';
import type { Language } from '../contracts';
import { defineMessages, textOf } from './message';

export const SESSION_MESSAGES = defineMessages({
  'sessions.headline.carried': { zh: '{reading}（沿用：{parts}）：', en: '{reading} (carried over: {parts}):' },
  'sessions.part.metric': { zh: '指标', en: 'metric' },
  'sessions.part.period': { zh: '时间', en: 'period' },
  'sessions.part.filter': { zh: '筛选', en: 'filter' },
  'sessions.part.breakdown': { zh: '维度', en: 'breakdown' },
  'sessions.part.ranking': { zh: '排名', en: 'ranking' },
  'sessions.part.comparison': { zh: '对比期', en: 'comparison' },
  'sessions.list': { zh: '、', en: ', ' },
  'sessions.mismatch': {
    zh: '这一轮被读成：{read}；但对话上文意味着：{implied}（不同之处：{parts}）。为避免答非所问，没有作答。请把问题完整地问一遍。',
    en: 'this turn was read as: {read}; but the conversation implied: {implied} (different: {parts}). It is not answered, so as not to answer another question: please ask the question in full.',
  },
  'sessions.mismatch.unread': { zh: '（没有读出问题）', en: '(no reading)' },
  'sessions.reading.by': { zh: '按{dims}', en: 'by {dims}' },
  'sessions.reading.top': { zh: '{by}前 {n}', en: 'top {n} {by}' },
  'sessions.reading.bottom': { zh: '{by}后 {n}', en: 'bottom {n} {by}' },
  'sessions.reading.compared': { zh: '对比{period}', en: 'compared with {period}' },
  'sessions.reading.separator': { zh: '，', en: ', ' },
  'sessions.clarify': { zh: '{question}（{reason}）', en: '{question} ({reason})' },
  /** Under a question back that offers answers: what the next message may be (`baton chat`, `baton ask --session`). */
  'sessions.choices': { zh: '回复其中一个（编号或名称）：{list}', en: 'Reply with one (its number or its name): {list}' },
  'sessions.choice': { zh: '{n}. {label}', en: '{n}. {label}' },
  'sessions.reset': {
    zh: '已重新开始：之前的上下文和筛选条件都已清除。请问新的问题。',
    en: 'started over: the thread and its constraints are dropped. Ask your new question.',
  },
  'sessions.contradiction': {
    zh: '注意：{fact} 在第 {turn} 轮为 {now}，第 {before_turn} 轮为 {before}（数据可能已变化）',
    en: 'note: {fact} is {now} in turn {turn}, but was {before} in turn {before_turn} (the data may have changed)',
  },
  'sessions.turn.failed': { zh: '这一轮的分析运行失败：{reason}', en: 'the turn’s analysis run failed: {reason}' },
  'sessions.refuse.empty': { zh: '问题为空', en: 'the question is empty' },
  'sessions.refuse.catalog': {
    zh: '会话 {session} 绑定目录 {bound}；这一轮指定了 {asked}。请为另一个目录新开会话。',
    en: 'session {session} is bound to the catalog {bound}; this turn names {asked}. Start a new session for another catalog.',
  },
  'sessions.refuse.database': {
    zh: '会话 {session} 绑定数据库 {bound}；这一轮指定了 {asked}。请为另一个数据库新开会话。',
    en: 'session {session} is bound to the database {bound}; this turn names {asked}. Start a new session for another database.',
  },
  'sessions.refuse.closed': {
    zh: '会话 {session} 已关闭；再问一次会以原有记忆重新打开它',
    en: 'session {session} is closed; asking again reopens it with its memory',
  },
  'sessions.unknown': { zh: '没有会话 {id}；列出会话：{command}', en: 'no session {id}; list them with: {command}' },
  'sessions.ended': {
    zh: '会话 {id} 的工作流以 {status} 结束，无法带着记忆重新打开；请新开会话',
    en: 'session {id} ended {status}, so it cannot be reopened with its memory; start a new session',
  },
  'sessions.summary': { zh: '会话 {session} · 目录 {catalog}', en: 'session {session} · catalog {catalog}' },
  'sessions.worker-default': { zh: '工作进程的默认值', en: 'the worker’s default' },
  'sessions.details.title': {
    zh: '会话 {session} · {turns} 轮 · 目录 {catalog}',
    en: 'session {session} · {turns} turn(s) · catalog {catalog}',
  },
  'sessions.details.turn': { zh: '{n}. {summary} · {status}{link}', en: '{n}. {summary} · {status}{link}' },
  'sessions.details.link': { zh: ' · [运行]({path})', en: ' · [run]({path})' },
  'sessions.details.running': { zh: '进行中：{question}（另有 {queued} 轮排队）', en: 'running: {question} ({queued} queued)' },
  'sessions.details.constraints': { zh: '保持的筛选：{list}', en: 'kept filters: {list}' },
  'sessions.child.summary': { zh: '会话 {session} 第 {n} 轮：{question}', en: 'session {session} turn {n}: {question}' },
});

/** A renderer of the conversation's messages in one language. */
export function sessionText(language: Language) {
  return textOf(SESSION_MESSAGES, language);
}

/** The parts a follow-up carried over, named in the language: "metric, filter" / "指标、筛选". */
export function partsList(parts: readonly (CarriedPart | 'comparison')[], language: Language): string {
  const text = sessionText(language);
  return parts.map((p) => text(`sessions.part.${p}`)).join(text('sessions.list'));
}
