/**
 * A share of rows in some state is the rate the catalog defines for it ("% of enrollments finished last yr", the typed
 * Learnloop set's miss, and "what % of appointments were no-shows", PawCare's), tried on a catalog of another trade,
 * written here and used by no suite: a support desk whose tickets are resolved, escalated or reopened. Each asserts the
 * exact reading; every question read as a rate was asked back before (a share of a ratio, or a share of nothing named).
 */
import { parseCatalog } from '../../src/catalog/catalog';
import { asMeant } from '../../src/model/words/as-meant';
import { brief, planned } from './followup-harness';

const desk = parseCatalog(
  `
name: support_desk
description: A software company's customer support.
timezone: UTC
primary_metric: tickets
tables:
  ticket: { description: One row per support ticket., primary_key: ticket_id, time_column: opened_at }
  agent: { description: One row per support agent., primary_key: agent_id }
time_fields:
  opened_at: { column: ticket.opened_at, meaning: When the ticket was opened., type: timestamp }
joins:
  - { from: ticket.agent_id, to: agent.agent_id }
metrics:
  tickets:
    label: tickets
    label_zh: 工单数
    aliases: [tickets, cases, handled, 工单]
    description: Tickets opened.
    expression: COUNT(*)
    table: ticket
    time_field: opened_at
    format: integer
  escalation_rate:
    label: escalation rate
    label_zh: 升级率
    aliases: [escalation rate, share escalated, 升级比例]
    description: Share of tickets escalated to engineering.
    numerator: COUNT(*) FILTER (WHERE ticket.escalated)
    denominator: COUNT(*)
    table: ticket
    time_field: opened_at
    format: ratio
  reopen_rate:
    label: reopen rate
    label_zh: 重开率
    aliases: [reopen rate, reopened share, 重新打开率]
    description: Share of tickets reopened after being closed.
    numerator: COUNT(*) FILTER (WHERE ticket.reopened)
    denominator: COUNT(*)
    table: ticket
    time_field: opened_at
    format: ratio
dimensions:
  channel:
    label: channel
    label_zh: 渠道
    column: ticket.channel
    values: { Email: [email, 邮件], Chat: [chat, 在线聊天], Phone: [phone, 电话] }
  agent:
    label: agent
    label_zh: 客服
    column: agent.name
    aliases: [agents, support agent]
  escalation_reason:
    label: escalation reason
    label_zh: 升级原因
    column: ticket.escalation_reason
  close_reason:
    label: close reason
    label_zh: 关闭原因
    column: ticket.close_reason
  team:
    label: team
    label_zh: 团队
    column: agent.team
    values: { Billing: [billing, 账单组], Technical: [technical, 技术组] }
`,
  'desk.yaml',
);

const AS_OF = '2026-12-01';

test.each([
  // The state by word stem: "escalated" is the escalation rate's, "reopened" the reopen rate's.
  ['what % of tickets got escalated last month?', 'escalation_rate 2026-11-01..2026-12-01 [] /'],
  ['What percentage of cases were reopened in 2025?', 'reopen_rate 2025-01-01..2026-01-01 [] /'],
  // With a value kept, and with a breakdown: still the rate, not the shares of tickets.
  ['share of chat tickets that were escalated last month', 'escalation_rate 2026-11-01..2026-12-01 [channel=Chat] /'],
  ['% of tickets escalated by team last month', 'escalation_rate 2026-11-01..2026-12-01 [] /team'],
  // Chinese: the rate's name without its 率.
  ['上个月工单里升级的占多少', 'escalation_rate 2026-11-01..2026-12-01 [] /'],
  ['去年重开的工单占比是多少', 'reopen_rate 2025-01-01..2026-01-01 [] /'],
])('%s', (question, reading) => {
  const r = planned(question, desk, null, AS_OF);
  expect(typeof r === 'string' ? r : brief(r)).toBe(reading);
});

test('a share along a dimension stays a share of the count', () => {
  const r = planned('what share of tickets came in by email last month?', desk, null, AS_OF);
  expect(typeof r === 'string' ? r : brief(r)).toBe('tickets 2026-11-01..2026-12-01 [] /channel');
});

describe('other classes the blind PawCare held-out set found, on the desk', () => {
  test.each([
    // "mnth" is a month.
    ['escalation rate last mnth', 'escalation_rate 2026-11-01..2026-12-01 [] /'],
    // "Which of" takes a plural and asks for one; a value may stand between "my" and the dimension.
    ['Which of my billing agents handled the least last quarter?', 'tickets 2026-07-01..2026-10-01 [team=Billing] /agent asc1:agent'],
    // "each of our three teams" is a breakdown, not a count of three.
    ['how many tickets did each of our three teams get last month', 'tickets 2026-11-01..2026-12-01 [] /team'],
    // "by mo" is by month; a bare "%" before what it is of asks a share.
    ['tickets by mo this yr', 'tickets 2026-01-01..2026-12-02 [] /month'],
    ['% tickets escalated last month', 'escalation_rate 2026-11-01..2026-12-01 [] /'],
    // Members set against each other with no period: all of the data (the catalog's default), not the latest month.
    ['escalation rate email vs chat', 'escalation_rate all [channel=Chat|Email] /channel'],
    // "by reason": of two reasons, the one whose first word the question says.
    ['escalation rate by reason last month', 'escalation_rate 2026-11-01..2026-12-01 [] /escalation_reason'],
  ])('%s', (question, reading) => {
    const r = planned(question, desk, null, AS_OF);
    expect(typeof r === 'string' ? r : brief(r)).toBe(reading);
  });
});

test('"appts" is appointments', () => {
  expect(asMeant('no show rate web vs app appts')).toBe('no show rate web vs app appointments');
});
