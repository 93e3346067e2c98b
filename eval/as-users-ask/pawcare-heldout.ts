/**
 * The PawCare held-out "as users ask" set: 30 questions (15 English, 15 Chinese) written blind on 2026-12-01 by a
 * question-writing helper session, for the database baton_pawcare (pawcare.sql, 8 veterinary clinics).
 *
 * How it was written, and what the writer saw. The writer read catalogs/pawcare.yaml (the metrics, their filters and
 * time fields, and the dimensions with their values and aliases), test/fixtures/pawcare/README.md (the data
 * dictionary), the header of eval/as-users-ask/pawcare.ts (lines 1-104: its reading conventions, the shared SQL
 * fragments, plus the element type that opens its array) and the header of eval/as-users-ask/courses-heldout.ts (lines
 * 1-40, for the form of a held-out header). It did NOT read the questions of pawcare.ts (another writer's), the other
 * suites, Baton's code (src/), its tests (test/, apart from the PawCare README), its docs (docs/) or dist/, and did not
 * run Baton on these questions. Each expected answer is hand-written SQL against the raw tables, following
 * catalogs/pawcare.yaml's metric definitions (expression, filters, time field) and dimension expressions exactly; every
 * query was run with psql/pg against baton_pawcare and its result recorded in the comment above the question.
 *
 * Personas, mixed through the set: (1) the practice manager of one clinic, typing fast in lower case with
 * abbreviations and the odd typo ("altona noshow rate last mnth??", "whos our top vet in prenzlberg"); (2) the head of
 * finance, in precise full sentences; (3) the regional director for the South (Munich: Schwabing and Sendling);
 * (4) a Chinese-speaking operations lead writing colloquial Chinese (赚了多少钱, 看得最多, 拉一下, 去年同期);
 * (5) the marketing lead for wellness plans and booking channels.
 *
 * Readings: the shared conventions of eval/as-users-ask/pawcare.ts's header apply unchanged (today 2026-12-01; "last
 * month"/上个月 = November 2026; "this year"/"year to date"/今年/今年到现在 = [2026-01-01, 2026-12-01); "last year"/去年 =
 * 2025; "last quarter"/上季度 and a bare "Q3" = Q3 2026 [2026-07-01, 2026-10-01); a month without a year = its latest
 * past occurrence ("oct" = October 2026, 11月 = November 2026); half-open Berlin windows on each metric's own time
 * field; no period = all data; test and internal clients excluded everywhere; revenue = sub_tot_cents of ISS/PRT/PD
 * invoices; service revenue on non-deleted lines when a service category is involved; keys are the catalog's
 * dimension values; shares are fractions 0..1 of the same metric over all rows of the same window; rankings never
 * include a NULL key). What this set adds, or where a reading is debatable:
 *   - verbs: "collect"/"collected" = payments collected (pmt OK, gross, by pd_ts), and 打了多少钱 from an insurer is the
 *     same with payment method Pet insurer; "brought in", "takings", 赚 = revenue; "refunded ... overcharged" = refunds
 *     (DONE) with refund reason Overcharged; "sell"/卖 plans = wellness-plan sign-ups by start_dt; "see ... cats" and
 *     看了多少只宠物 = pets seen (distinct pets); 看得最多 (a vet, no 只) and 接诊 = visits; 来了多少新客户 = new clients.
 *   - "busiest" = visits; "top"/最好 with no metric = revenue (the primary metric); "least"/"lowest"/最低/倒数 = ascending.
 *   - "my Munich vets" = the attending vets of invoices of clinics in the city München (no vet moved between cities).
 *   - 去年同期 after "11月" = November 2025 next to November 2026, keyed by month 'YYYY-MM'.
 *   - 猫和狗各占多少 = each species' share of ALL visits in the window (not of dogs + cats only), keyed Cat, Dog.
 *   - "split of bookings by channel ... in percent" and 各占百分之多少 are still fractions 0..1 (appointments, any status,
 *     scheduled in the window; "this year" stops at 2026-12-01, so December bookings are not counted).
 *   - "No-show rate ... overall" = all data; the no-show rate only counts completed and no-show appointments, which all
 *     lie before the extract, so no future bookings enter.
 *   - "Revenue per visit ... dogs versus cats" splits visit invoices (appt_id NOT NULL) by the species of the invoice's
 *     pet (inv_hdr.pat_id), the catalog's join.
 *   - a vet ranking by revenue keeps only vets with revenue in the window; counter sales (no vet) are not a vet.
 *   - every ranking was checked for ties across its cut; none falls inside a tie (the gaps are in the comments; the
 *     closest is Q17, 560 against 557).
 *
 * Shapes: 'scalar' one row, column v; 'keyed' columns k, v; 'ranked' column k (and v) in order, first n rows.
 *
 * The values in the comments are what the SQL returned on baton_pawcare on 2026-12-01; they are a record, not the
 * expectation.
 */

/** The catalog's test/internal-client exclusion (NULL type = migrated private client). */
const REAL = `COALESCE(c.cl_typ, 'PRV') NOT IN ('TST', 'INT')`;
/** Invoices with their payer, clinic, region, pet and attending vet. */
const INV = `FROM inv_hdr h JOIN client c ON c.cl_id = h.cl_id JOIN clinic_mst k ON k.clinic_id = h.clinic_id
  JOIN region_lkp g ON g.rgn_cd = k.rgn_cd LEFT JOIN patient p ON p.pat_id = h.pat_id LEFT JOIN staff s ON s.stf_id = h.att_vet_id`;
/** Revenue invoices: issued and not voided, test/internal clients excluded. */
const ISSUED = `h.sts_cd IN ('ISS', 'PRT', 'PD') AND ${REAL}`;
const REVENUE = `sum(h.sub_tot_cents) / 100.0`;
/** Invoice lines (service revenue) with their invoice, payer, clinic, service and category; deleted lines excluded. */
const LINES = `FROM inv_line l JOIN inv_hdr h ON h.inv_id = l.inv_id JOIN client c ON c.cl_id = h.cl_id
  JOIN clinic_mst k ON k.clinic_id = h.clinic_id JOIN svc_mst sv ON sv.svc_cd = l.svc_cd JOIN svc_cat_lkp sc ON sc.cat_cd = sv.cat_cd`;
const LINE_OK = `l.deleted_at IS NULL AND ${ISSUED}`;
const LINE_REVENUE = `sum(l.ln_net_cents) / 100.0`;
/** Appointments with the booking client, clinic, pet and vet; soft-deleted duplicates excluded in APPT_OK. */
const APPT = `FROM appt a JOIN client c ON c.cl_id = a.cl_id JOIN clinic_mst k ON k.clinic_id = a.clinic_id
  JOIN region_lkp g ON g.rgn_cd = k.rgn_cd LEFT JOIN patient p ON p.pat_id = a.pat_id LEFT JOIN staff s ON s.stf_id = a.vet_id`;
const APPT_OK = `a.deleted_at IS NULL AND ${REAL}`;
const NO_SHOW_RATE = `count(*) FILTER (WHERE a.sts_cd = 'NSH')::numeric / count(*)`;
/** Successful payments with their invoice and payer. */
const PMT = `FROM pmt m JOIN inv_hdr h ON h.inv_id = m.inv_id JOIN client c ON c.cl_id = h.cl_id
  JOIN clinic_mst k ON k.clinic_id = h.clinic_id`;
const PMT_OK = `m.sts_cd = 'OK' AND ${REAL}`;
/** Refunds paid back, through the payment they return to its invoice and payer. */
const RFND = `FROM pmt_rfnd r JOIN pmt m ON m.pmt_id = r.pmt_id JOIN inv_hdr h ON h.inv_id = m.inv_id
  JOIN client c ON c.cl_id = h.cl_id`;
const RFND_OK = `r.sts_cd = 'DONE' AND ${REAL}`;
/** Half-open windows of Berlin local dates on each time field, on parameters $1 and $2. */
const within = (col: string, a = '$1', b = '$2') =>
  `${col} >= (${a}::timestamp AT TIME ZONE 'Europe/Berlin') AND ${col} < (${b}::timestamp AT TIME ZONE 'Europe/Berlin')`;
const ISSUED_WITHIN = within('h.iss_ts');
const APPT_WITHIN = within('a.appt_ts');
/** Berlin month of a timestamptz, 'YYYY-MM'. */
const month = (col: string) => `to_char(${col} AT TIME ZONE 'Europe/Berlin', 'YYYY-MM')`;
/** The catalog's dimensions. */
const SPECIES = `CASE p.spc_cd WHEN 'DOG' THEN 'Dog' WHEN 'HUND' THEN 'Dog' WHEN 'CAT' THEN 'Cat' WHEN 'KATZE' THEN 'Cat'
  WHEN 'RBT' THEN 'Rabbit' WHEN 'KANINCHEN' THEN 'Rabbit' WHEN 'BRD' THEN 'Bird' WHEN 'VOGEL' THEN 'Bird'
  WHEN 'EXO' THEN 'Exotic' WHEN 'EXOT' THEN 'Exotic' END`;
const VET = `s.title_txt || ' ' || s.first_nm || ' ' || s.last_nm`;
const CHANNEL = `CASE a.chnl_cd WHEN 'PHN' THEN 'Phone' WHEN 'TEL' THEN 'Phone' WHEN 'WEB' THEN 'Website' WHEN 'APP' THEN 'App' WHEN 'WLK' THEN 'Walk-in' END`;
const PAY_METHOD = `CASE m.mthd_cd WHEN 'EC' THEN 'Girocard (EC)' WHEN 'CC' THEN 'Credit card' WHEN 'CASH' THEN 'Cash' WHEN 'PP' THEN 'PayPal'
  WHEN 'INV' THEN 'Bank transfer' WHEN 'INS' THEN 'Pet insurer' END`;
const PLAN = `CASE w.plan_cd WHEN 'PUPPY' THEN 'Puppy' WHEN 'KITTEN' THEN 'Kitten' WHEN 'ADULT_DOG' THEN 'Adult dog'
  WHEN 'ADULT_CAT' THEN 'Adult cat' WHEN 'SENIOR' THEN 'Senior' END`;

/** Periods, as [start, end) Berlin dates. */
const LAST_MONTH = ['2026-11-01', '2026-12-01'];
const OCTOBER = ['2026-10-01', '2026-11-01'];
const LAST_QUARTER = ['2026-07-01', '2026-10-01'];
const THIS_YEAR = ['2026-01-01', '2026-12-01'];
const LAST_YEAR = ['2025-01-01', '2026-01-01'];

export const PAWCARE_HELDOUT_AS_OF = '2026-12-01';

export const PAWCARE_HELDOUT: {
  question: string;
  language: 'en' | 'zh';
  reading: string;
  shape: 'scalar' | 'keyed' | 'ranked';
  sql: string;
  params?: unknown[];
  n?: number;
}[] = [
  // Q01. baton_pawcare 2026-12-01: v = 0.2000 (Altona, November 2026)
  {
    question: 'altona noshow rate last mnth?? feels high',
    language: 'en',
    reading:
      'no-show rate (NSH / (CMP + NSH), non-deleted appointments) of clinic PawCare Hamburg Altona, appointments scheduled in November 2026',
    shape: 'scalar',
    sql: `SELECT ${NO_SHOW_RATE} AS v ${APPT} WHERE ${APPT_OK} AND a.sts_cd IN ('CMP', 'NSH')
      AND k.clinic_nm = 'PawCare Hamburg Altona' AND ${APPT_WITHIN}`,
    params: LAST_MONTH,
  },
  // Q02. baton_pawcare 2026-12-01: Bank transfer 95,330.42; Cash 52,505.81; Credit card 149,899.45; Girocard (EC) 197,500.78; PayPal 23,459.14; Pet insurer 58,893.99
  {
    question: 'How much did we collect in Q3, broken down by payment method?',
    language: 'en',
    reading: 'payments collected (successful payments, gross) by payment method, paid in Q3 2026 [2026-07-01, 2026-10-01)',
    shape: 'keyed',
    sql: `SELECT ${PAY_METHOD} AS k, sum(m.amt_cents) / 100.0 AS v ${PMT} WHERE ${PMT_OK} AND ${within('m.pd_ts')}
      GROUP BY 1 ORDER BY 1`,
    params: LAST_QUARTER,
  },
  // Q03. baton_pawcare 2026-12-01: v = 0.0837 (Dental service revenue in 2025 over all 2025 service revenue)
  {
    question: "What proportion of last year's net revenue came from dental work?",
    language: 'en',
    reading: 'share of service revenue in category Dental of all service revenue, invoices issued in 2025 (a fraction 0..1)',
    shape: 'scalar',
    sql: `SELECT sum(l.ln_net_cents) FILTER (WHERE sc.cat_nm = 'Dental')::numeric / sum(l.ln_net_cents) AS v
      ${LINES} WHERE ${LINE_OK} AND ${ISSUED_WITHIN}`,
    params: LAST_YEAR,
  },
  // Q04. baton_pawcare 2026-12-01: München Schwabing 2131; München Sendling 978
  {
    question: 'Schwabing vs Sendling — how many visits each so far this year?',
    language: 'en',
    reading: 'visits (completed appointments) of PawCare München Schwabing and PawCare München Sendling, keyed by clinic, 2026 to date',
    shape: 'keyed',
    sql: `SELECT k.clinic_nm AS k, count(*) AS v ${APPT} WHERE ${APPT_OK} AND a.sts_cd = 'CMP'
      AND k.clinic_nm IN ('PawCare München Schwabing', 'PawCare München Sendling') AND ${APPT_WITHIN} GROUP BY 1 ORDER BY 1`,
    params: THIS_YEAR,
  },
  // Q05. baton_pawcare 2026-12-01: Dr. Lukas Wimmer 17,867.35, then Dr. Florian Steiner 18,688.55 (gap 821.20), Dr. Andreas Maier 20,989.70, ... Dr. Theresa Hofer 30,833.71
  {
    question: 'Which of my Munich vets brought in the least last quarter?',
    language: 'en',
    reading:
      'revenue by attending vet (inv_hdr.att_vet_id) of invoices of clinics in the city München, issued in Q3 2026, lowest first; counter sales (no vet) are not a vet',
    shape: 'ranked',
    sql: `SELECT ${VET} AS k, ${REVENUE} AS v ${INV} WHERE ${ISSUED} AND k.city_nm = 'München' AND h.att_vet_id IS NOT NULL
      AND ${ISSUED_WITHIN} GROUP BY 1 ORDER BY v ASC`,
    params: LAST_QUARTER,
    n: 1,
  },
  // Q06. baton_pawcare 2026-12-01: App 0.1583; Phone 0.3903; Walk-in 0.1716; Website 0.2797
  {
    question: "What's the split of bookings by channel this year, in percent?",
    language: 'en',
    reading:
      'share of appointments (any status, non-deleted) by booking channel, of all appointments scheduled in 2026 to date (fractions 0..1)',
    shape: 'keyed',
    sql: `SELECT ${CHANNEL} AS k, count(*)::numeric / sum(count(*)) OVER () AS v ${APPT} WHERE ${APPT_OK} AND ${APPT_WITHIN}
      GROUP BY 1 ORDER BY 1`,
    params: THIS_YEAR,
  },
  // Q07. baton_pawcare 2026-12-01: 2026-01 130; 02 24; 03 20; 04 33; 05 30; 06 38; 07 48; 08 46; 09 49; 10 52; 11 91
  {
    question: 'how many wellness plans did we sell each month this year?',
    language: 'en',
    reading: 'wellness-plan sign-ups by start month (start_dt), 2026 to date, keyed YYYY-MM',
    shape: 'keyed',
    sql: `SELECT to_char(w.start_dt, 'YYYY-MM') AS k, count(*) AS v FROM wellness_sub w JOIN client c ON c.cl_id = w.cl_id
      WHERE ${REAL} AND w.start_dt >= $1::date AND w.start_dt < $2::date GROUP BY 1 ORDER BY 1`,
    params: THIS_YEAR,
  },
  // Q08. baton_pawcare 2026-12-01: Dr. Lena Hoffmann 238,279.66, then Dr. Tobias Krüger 215,594.17 (gap 22,685.49), Dr. Sarah Yilmaz 146,944.45
  {
    question: 'whos our top vet in prenzlberg',
    language: 'en',
    reading:
      '"top" with no metric = revenue (primary metric); revenue by attending vet of invoices of PawCare Berlin Prenzlauer Berg, all data, highest first',
    shape: 'ranked',
    sql: `SELECT ${VET} AS k, ${REVENUE} AS v ${INV} WHERE ${ISSUED} AND k.clinic_nm = 'PawCare Berlin Prenzlauer Berg'
      AND h.att_vet_id IS NOT NULL GROUP BY 1 ORDER BY v DESC`,
    n: 1,
  },
  // Q09. baton_pawcare 2026-12-01: v = 5,014.45
  {
    question: 'How much have we refunded in total to clients we overcharged?',
    language: 'en',
    reading: 'refunds (DONE) with refund reason Overcharged (OVRCHG), all data',
    shape: 'scalar',
    sql: `SELECT sum(r.amt_cents) / 100.0 AS v ${RFND} WHERE ${RFND_OK} AND r.rsn_cd = 'OVRCHG'`,
  },
  // Q10. baton_pawcare 2026-12-01: v = 21
  {
    question: 'how many cats did we see at potsdam in oct',
    language: 'en',
    reading: 'pets seen (distinct pets with a completed appointment) of species Cat at city Potsdam (= PawCare Potsdam), October 2026',
    shape: 'scalar',
    sql: `SELECT count(DISTINCT a.pat_id) AS v ${APPT} WHERE ${APPT_OK} AND a.sts_cd = 'CMP' AND ${SPECIES} = 'Cat'
      AND k.city_nm = 'Potsdam' AND ${APPT_WITHIN}`,
    params: OCTOBER,
  },
  // Q11. baton_pawcare 2026-12-01: PawCare Berlin Prenzlauer Berg 142.22, then PawCare Potsdam 145.59 (gap 3.36), PawCare Berlin Mitte 146.48, ... München Schwabing 163.72
  {
    question: 'Which clinic had the lowest average invoice value last year?',
    language: 'en',
    reading: 'average invoice value (revenue / invoices) by clinic, invoices issued in 2025, lowest first',
    shape: 'ranked',
    sql: `SELECT k.clinic_nm AS k, ${REVENUE} / count(*) AS v ${INV} WHERE ${ISSUED} AND ${ISSUED_WITHIN}
      GROUP BY 1 ORDER BY v ASC`,
    params: LAST_YEAR,
    n: 1,
  },
  // Q12. baton_pawcare 2026-12-01: Cat 201.96; Dog 181.33
  {
    question: 'Revenue per visit in the South, dogs versus cats, year to date.',
    language: 'en',
    reading:
      'revenue per visit (revenue / number of invoices with an appointment) by species Dog and Cat of the invoice pet, clinics of region South, invoices issued in 2026 to date',
    shape: 'keyed',
    sql: `SELECT ${SPECIES} AS k, ${REVENUE} / count(*) AS v ${INV} WHERE ${ISSUED} AND h.appt_id IS NOT NULL
      AND g.rgn_nm = 'South' AND ${SPECIES} IN ('Dog', 'Cat') AND ${ISSUED_WITHIN} GROUP BY 1 ORDER BY 1`,
    params: THIS_YEAR,
  },
  // Q13. baton_pawcare 2026-12-01: App 0.0738; Phone 0.0441
  {
    question: 'No-show rate for app bookings compared with phone bookings, overall?',
    language: 'en',
    reading:
      'no-show rate by booking channel App and Phone (PHN + TEL), all data (no period; only completed and no-show appointments, which all lie in the past)',
    shape: 'keyed',
    sql: `SELECT ${CHANNEL} AS k, ${NO_SHOW_RATE} AS v ${APPT} WHERE ${APPT_OK} AND a.sts_cd IN ('CMP', 'NSH')
      AND ${CHANNEL} IN ('App', 'Phone') GROUP BY 1 ORDER BY 1`,
  },
  // Q14. baton_pawcare 2026-12-01: PawCare München Schwabing 189, then PawCare Berlin Mitte 171 (gap 18), Prenzlauer Berg 126, ... Potsdam 64
  {
    question: 'busiest clinic last month?',
    language: 'en',
    reading: '"busiest" = visits (completed appointments) by clinic, November 2026, highest first',
    shape: 'ranked',
    sql: `SELECT k.clinic_nm AS k, count(*) AS v ${APPT} WHERE ${APPT_OK} AND a.sts_cd = 'CMP' AND ${APPT_WITHIN}
      GROUP BY 1 ORDER BY v DESC`,
    params: LAST_MONTH,
    n: 1,
  },
  // Q15. baton_pawcare 2026-12-01: 2025-01 27,735.35; 02 30,672.65; 03 30,978.95; 04 36,903.68; 05 37,192.57; 06 34,381.50; 07 36,096.80; 08 38,382.04; 09 40,292.50; 10 52,841.52; 11 42,471.10; 12 44,042.91
  {
    question: "Can you show me Munich's takings month by month for last year?",
    language: 'en',
    reading: 'revenue of clinics in the city München by Berlin month of issue, 2025, keyed YYYY-MM',
    shape: 'keyed',
    sql: `SELECT ${month('h.iss_ts')} AS k, ${REVENUE} AS v ${INV} WHERE ${ISSUED} AND k.city_nm = 'München'
      AND ${ISSUED_WITHIN} GROUP BY 1 ORDER BY 1`,
    params: LAST_YEAR,
  },
  // Q16. baton_pawcare 2026-12-01: v = 621,059.75
  {
    question: '慕尼黑今年到现在一共赚了多少钱？',
    language: 'zh',
    reading: '赚 = revenue; revenue of clinics in the city München, invoices issued in 2026 to date',
    shape: 'scalar',
    sql: `SELECT ${REVENUE} AS v ${INV} WHERE ${ISSUED} AND k.city_nm = 'München' AND ${ISSUED_WITHIN}`,
    params: THIS_YEAR,
  },
  // Q17. baton_pawcare 2026-12-01: Dr. Maximilian Huber 560, then Dr. Svenja Möller 557 (gap 3, small but not a tie), Dr. Katrin Vogel 538, ...
  {
    question: '去年哪个大夫看得最多？',
    language: 'zh',
    reading: '看得最多 = visits (completed appointments) by the appointment vet, scheduled in 2025, highest first',
    shape: 'ranked',
    sql: `SELECT ${VET} AS k, count(*) AS v ${APPT} WHERE ${APPT_OK} AND a.sts_cd = 'CMP' AND a.vet_id IS NOT NULL
      AND ${APPT_WITHIN} GROUP BY 1 ORDER BY v DESC`,
    params: LAST_YEAR,
    n: 1,
  },
  // Q18. baton_pawcare 2026-12-01: Cat 0.3424; Dog 0.4984 (of 9,450 visits in 2026 to date; rabbits, birds, exotics and pets without a species make up the rest)
  {
    question: '今年接诊的里面猫和狗各占多少？',
    language: 'zh',
    reading:
      'share of visits (completed appointments) of species Cat and of species Dog, each of all visits scheduled in 2026 to date (every species and pets without a species in the base), keyed Cat, Dog',
    shape: 'keyed',
    sql: `SELECT k, v FROM (SELECT ${SPECIES} AS k, count(*)::numeric / sum(count(*)) OVER () AS v ${APPT}
      WHERE ${APPT_OK} AND a.sts_cd = 'CMP' AND ${APPT_WITHIN} GROUP BY 1) t WHERE k IN ('Cat', 'Dog') ORDER BY k`,
    params: THIS_YEAR,
  },
  // Q19. baton_pawcare 2026-12-01: Hamburg 112,386.92; München 171,130.92
  {
    question: '上季度营业额汉堡跟慕尼黑对比一下',
    language: 'zh',
    reading: 'revenue by city Hamburg and München, invoices issued in Q3 2026 [2026-07-01, 2026-10-01)',
    shape: 'keyed',
    sql: `SELECT k.city_nm AS k, ${REVENUE} AS v ${INV} WHERE ${ISSUED} AND k.city_nm IN ('Hamburg', 'München')
      AND ${ISSUED_WITHIN} GROUP BY 1 ORDER BY 1`,
    params: LAST_QUARTER,
  },
  // Q20. baton_pawcare 2026-12-01: App 0.0925; Phone 0.4651; Walk-in 0.1940; Website 0.2484
  {
    question: '去年的预约都是从哪些渠道来的，各占百分之多少？',
    language: 'zh',
    reading: 'share of appointments (any status, non-deleted) by booking channel, of all appointments scheduled in 2025 (fractions 0..1)',
    shape: 'keyed',
    sql: `SELECT ${CHANNEL} AS k, count(*)::numeric / sum(count(*)) OVER () AS v ${APPT} WHERE ${APPT_OK} AND ${APPT_WITHIN}
      GROUP BY 1 ORDER BY 1`,
    params: LAST_YEAR,
  },
  // Q21. baton_pawcare 2026-12-01: 2026-01 0.0190; 02 0.0472; 03 0.0451; 04 0.0347; 05 0.0735; 06 0.0647; 07 0.0299; 08 0.0488; 09 0.1408; 10 0.1533; 11 0.2000
  {
    question: '阿尔托纳店今年每个月的爽约率拉一下',
    language: 'zh',
    reading: 'no-show rate of PawCare Hamburg Altona by Berlin month of the appointment, 2026 to date, keyed YYYY-MM',
    shape: 'keyed',
    sql: `SELECT ${month('a.appt_ts')} AS k, ${NO_SHOW_RATE} AS v ${APPT} WHERE ${APPT_OK} AND a.sts_cd IN ('CMP', 'NSH')
      AND k.clinic_nm = 'PawCare Hamburg Altona' AND ${APPT_WITHIN} GROUP BY 1 ORDER BY 1`,
    params: THIS_YEAR,
  },
  // Q22. baton_pawcare 2026-12-01: PawCare Hamburg Eppendorf 144.76, then PawCare Potsdam 150.38 (gap 5.62), Prenzlauer Berg 168.40, ... München Sendling 204.30
  {
    question: '上个月哪家店客单价最低？',
    language: 'zh',
    reading: 'average invoice value by clinic, invoices issued in November 2026, lowest first',
    shape: 'ranked',
    sql: `SELECT k.clinic_nm AS k, ${REVENUE} / count(*) AS v ${INV} WHERE ${ISSUED} AND ${ISSUED_WITHIN}
      GROUP BY 1 ORDER BY v ASC`,
    params: LAST_MONTH,
    n: 1,
  },
  // Q23. baton_pawcare 2026-12-01: 2025-11 74; 2026-11 89
  {
    question: '森德林11月接诊了多少？跟去年同期比呢',
    language: 'zh',
    reading: 'visits of PawCare München Sendling in November 2026 and in November 2025 (去年同期), keyed by Berlin month YYYY-MM',
    shape: 'keyed',
    sql: `SELECT ${month('a.appt_ts')} AS k, count(*) AS v ${APPT} WHERE ${APPT_OK} AND a.sts_cd = 'CMP'
      AND k.clinic_nm = 'PawCare München Sendling' AND ((${within('a.appt_ts')}) OR (${within('a.appt_ts', '$3', '$4')}))
      GROUP BY 1 ORDER BY 1`,
    params: ['2025-11-01', '2025-12-01', '2026-11-01', '2026-12-01'],
  },
  // Q24. baton_pawcare 2026-12-01: v = 416,879.60
  {
    question: '牙科这块一共赚了多少钱？',
    language: 'zh',
    reading: 'service revenue of service category Dental, all data',
    shape: 'scalar',
    sql: `SELECT ${LINE_REVENUE} AS v ${LINES} WHERE ${LINE_OK} AND sc.cat_nm = 'Dental'`,
  },
  // Q25. baton_pawcare 2026-12-01: Senior 307, then Adult dog 242 (gap 65), Adult cat 180, Puppy 42, Kitten 22
  {
    question: '哪种健康计划卖得最多？',
    language: 'zh',
    reading: 'wellness-plan sign-ups by wellness plan, all data, highest first',
    shape: 'ranked',
    sql: `SELECT ${PLAN} AS k, count(*) AS v FROM wellness_sub w JOIN client c ON c.cl_id = w.cl_id WHERE ${REAL}
      GROUP BY 1 ORDER BY v DESC`,
    n: 1,
  },
  // Q26. baton_pawcare 2026-12-01: PawCare München Schwabing 432,063.33; PawCare Berlin Mitte 338,411.51; PawCare Berlin Prenzlauer Berg 261,549.35; then PawCare Hamburg Altona 231,414.17 (gap 30,135.18 at the cut)
  {
    question: '今年做得最好的三家店是哪几家？',
    language: 'zh',
    reading: '"最好" with no metric = revenue (primary metric); revenue by clinic, issued in 2026 to date, top 3',
    shape: 'ranked',
    sql: `SELECT k.clinic_nm AS k, ${REVENUE} AS v ${INV} WHERE ${ISSUED} AND ${ISSUED_WITHIN} GROUP BY 1 ORDER BY v DESC`,
    params: THIS_YEAR,
    n: 3,
  },
  // Q27. baton_pawcare 2026-12-01: v = 33
  {
    question: 'Gruber医生上个月看了多少只宠物？',
    language: 'zh',
    reading: 'pets seen (distinct pets of completed appointments) by vet Dr. Lisa Gruber, November 2026',
    shape: 'scalar',
    sql: `SELECT count(DISTINCT a.pat_id) AS v ${APPT} WHERE ${APPT_OK} AND a.sts_cd = 'CMP'
      AND ${VET} = 'Dr. Lisa Gruber' AND ${APPT_WITHIN}`,
    params: LAST_MONTH,
  },
  // Q28. baton_pawcare 2026-12-01: 2026-01 147; 02 150; 03 127; 04 132; 05 151; 06 153; 07 149; 08 141; 09 168; 10 124; 11 147
  {
    question: '今年每个月来了多少新客户？',
    language: 'zh',
    reading: 'new clients (client accounts registered, TST, INT and CSH excluded) by Berlin month of crt_ts, 2026 to date',
    shape: 'keyed',
    sql: `SELECT ${month('c.crt_ts')} AS k, count(*) AS v FROM client c
      WHERE COALESCE(c.cl_typ, 'PRV') NOT IN ('TST', 'INT', 'CSH') AND ${within('c.crt_ts')} GROUP BY 1 ORDER BY 1`,
    params: THIS_YEAR,
  },
  // Q29. baton_pawcare 2026-12-01: Dr. Ben Richter 29,181.00; Dr. Felix Brandt 39,585.25; Dr. Emma Carstens 43,785.87; then Dr. Miriam Said 43,934.85 (gap 148.98 at the cut)
  {
    question: '今年营业额倒数三名的兽医是谁？',
    language: 'zh',
    reading:
      'revenue by attending vet (inv_hdr.att_vet_id; counter sales are not a vet), invoices issued in 2026 to date, lowest first, bottom 3 among vets with revenue in the window',
    shape: 'ranked',
    sql: `SELECT ${VET} AS k, ${REVENUE} AS v ${INV} WHERE ${ISSUED} AND h.att_vet_id IS NOT NULL AND ${ISSUED_WITHIN}
      GROUP BY 1 ORDER BY v ASC`,
    params: THIS_YEAR,
    n: 3,
  },
  // Q30. baton_pawcare 2026-12-01: v = 171,176.50
  {
    question: '去年宠物保险公司一共给我们打了多少钱？',
    language: 'zh',
    reading: 'payments collected (successful, gross) with payment method Pet insurer (INS), paid in 2025',
    shape: 'scalar',
    sql: `SELECT sum(m.amt_cents) / 100.0 AS v ${PMT} WHERE ${PMT_OK} AND m.mthd_cd = 'INS' AND ${within('m.pd_ts')}`,
    params: LAST_YEAR,
  },
];
