/**
 * A chain of fitness clubs: a catalog written for the tests of reading classes found on databases nobody here designed
 * (test/unit/fitness-classes.test.ts, fitness-conversation-classes.test.ts), used by no suite.
 */
import { parseCatalog } from '../../src/catalog/catalog';

export const clubs = parseCatalog(
  `
name: clubs
description: A chain of fitness clubs.
timezone: UTC
primary_metric: revenue
tables:
  booking:
    description: One row per class booking.
    primary_key: booking_id
    time_column: booked_at
  payment:
    description: One row per membership payment.
    primary_key: payment_id
    time_column: paid_at
time_fields:
  booked_at:
    column: booking.booked_at
    meaning: When the class was booked.
    type: timestamp
  paid_at:
    column: payment.paid_at
    meaning: When the payment was taken.
    type: timestamp
metrics:
  revenue:
    label: revenue
    label_zh: 收入
    aliases: [membership revenue, made, earned, make]
    description: Membership payments.
    expression: SUM(payment.amount)
    table: payment
    time_field: paid_at
    format: currency
  bookings:
    label: bookings
    label_zh: 预约数
    aliases: [class bookings, booked, number of bookings, 订单数]
    description: Class bookings.
    expression: COUNT(*)
    table: booking
    time_field: booked_at
    format: integer
    decompose_by: [club, level, member_type]
  paying_members:
    label: paying members
    label_zh: 付费会员数
    description: Members with a payment.
    expression: COUNT(DISTINCT payment.member_id)
    table: payment
    time_field: paid_at
    format: integer
  refunds:
    label: refunds
    label_zh: 退款金额
    aliases: [refunded, money refunded]
    description: Membership payments refunded.
    expression: SUM(payment.refund_amount)
    table: payment
    time_field: paid_at
    format: currency
  attendance_rate:
    label: attendance rate
    label_zh: 到课率
    aliases: [show-up rate, class turnout rate, class finish rate]
    description: Bookings attended over bookings.
    numerator: COUNT(*) FILTER (WHERE booking.attended)
    denominator: COUNT(*)
    table: booking
    time_field: booked_at
    format: ratio
  training_time:
    label: training time
    label_zh: 训练时长
    aliases: [time trained, minutes trained]
    description: Minutes of classes attended.
    expression: SUM(booking.minutes) FILTER (WHERE booking.attended)
    table: booking
    time_field: booked_at
    format: integer
  visit_fees:
    label: visit fees
    label_zh: 到课收入
    description: Class fees of the classes attended.
    expression: SUM(booking.fee)
    table: booking
    time_field: booked_at
    filters:
      - sql: booking.attended
        description: classes attended
    format: currency
  visits:
    label: visits
    label_zh: 到课单数
    aliases: [classes attended, 到课数]
    description: Classes attended.
    expression: COUNT(*)
    table: booking
    time_field: booked_at
    filters:
      - sql: booking.attended
        description: classes attended
    format: integer
  average_fee:
    label: average class fee
    label_zh: 平均课时费
    aliases: [class fee, fee per class]
    description: Class fees per booking.
    numerator: SUM(booking.fee)
    denominator: COUNT(*)
    table: booking
    time_field: booked_at
    format: currency
dimensions:
  club:
    label: club
    label_zh: 门店
    aliases: [clubs, gym, gyms, held in]
    column: booking.club
    description: The club of the booking.
    values:
      Soho: []
      Camden: []
  country:
    label: country
    label_zh: 国家
    aliases: [countries]
    column: booking.country
    description: The member's country.
    values:
      India: [IN, 印度]
      Italy: [IT, 意大利]
      United States: [US, USA]
  member_type:
    label: member type
    label_zh: 会员类型
    column: booking.member_type
    description: Corporate or individual membership.
    values:
      Corporate: [company, companies, corporate members, 企业会员, training partners]
      Individual: [individuals, 个人会员]
  level:
    label: class level
    label_zh: 课程难度
    column: booking.level
    description: The level of the class booked.
    values:
      Beginner: [beginner, 初级]
      Advanced: [advanced, 高级]
  class_type:
    label: class type
    label_zh: 课程类型
    aliases: [class, classes]
    column: booking.class_type
    description: The kind of class, for rankings only.
    ranking_only: true
  company:
    label: company
    label_zh: 企业
    aliases: [companies, employer]
    column: booking.company_name
    description: The employer paying a corporate membership, for rankings only.
    ranking_only: true
`,
  'clubs.yaml',
);
