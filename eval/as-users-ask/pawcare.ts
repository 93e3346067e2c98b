/**
 * The PawCare "as users ask" suite: questions written the way clinic managers, the finance team and the owners of a
 * chain of veterinary clinics ask them in chat (verbs, synonyms, terse typing, a few typos), blind on 2026-12-01. The
 * writer designed the database (test/fixtures/pawcare/pawcare.sql, its data dictionary test/fixtures/pawcare/README.md)
 * and wrote its catalog (catalogs/pawcare.yaml) as a customer would, from docs/catalog.md and the example catalogs; it
 * read eval/as-users-ask/courses-typed.ts and eval/as-users-ask/rental.ts for the format only, never Baton's code
 * (src/), its tests or the other suites, and did not run Baton on these questions. Each expected answer is hand-written
 * SQL against the real tables (inv_hdr, inv_line, svc_mst, svc_cat_lkp, appt, client, patient, staff, clinic_mst,
 * region_lkp, pmt, pmt_rfnd, wellness_sub), following catalogs/pawcare.yaml's metric definitions exactly.
 *
 * Readings:
 *   - today is 2026-12-01 (the extract ends 2026-12-01 00:00 Europe/Berlin): "last month"/上个月 = November 2026;
 *     "this year"/"ytd"/今年 = 2026 to date, [2026-01-01, 2026-12-01); "last year"/"last yr"/去年 = 2025;
 *     a month named without a year ("october", "in november") is its latest occurrence in the past, October 2026;
 *     "march last year"/去年3月 = March 2025; a quarter without a year ("q3") is the latest one of that number, Q3 2026;
 *     "last quarter"/上季度 = the latest full quarter, Q3 2026 [2026-07-01, 2026-10-01) (Q4 2026 is still running).
 *   - no period named: all of the data, no time window (the catalog's default_period is all). For appointment-dated
 *     metrics this includes nothing extra here: the questions with no period use completed and no-show appointments,
 *     which all lie before the extract (future bookings are BKD or CNL).
 *   - the catalog's timezone is Europe/Berlin and every time field is timestamptz, so a period is a half-open window of
 *     Berlin local dates: x >= ($1::timestamp AT TIME ZONE 'Europe/Berlin') AND x < ($2::timestamp AT TIME ZONE
 *     'Europe/Berlin'), on each metric's own time field: revenue, service revenue, invoices, average invoice value and
 *     revenue per visit by inv_hdr.iss_ts (issue time); visits, appointments, no-show rate, cancellation rate, pets seen
 *     by appt.appt_ts (scheduled time); payments collected by pmt.pd_ts; refunds by pmt_rfnd.rfnd_ts; new clients by
 *     client.crt_ts; wellness-plan sign-ups by wellness_sub.start_dt (a date). Months as keys are Berlin months.
 *   - every metric excludes test and internal clients, COALESCE(client.cl_typ, 'PRV') NOT IN ('TST', 'INT') (clients of
 *     the invoice, appointment, payment's invoice, refund's payment's invoice, plan), and carries the catalog's filters:
 *       revenue ("bill", "rev", "brought in", "money", 营业额, 收入, 赚) = SUM(inv_hdr.sub_tot_cents) / 100 of invoices with
 *         sts_cd ISS, PRT or PD (issued, not voided; net of VAT; counter sales included);
 *       service revenue = SUM(inv_line.ln_net_cents) / 100 of non-deleted lines of those invoices, used when a question
 *         groups or filters by service category (vaccinations, surgery, 牙科); it adds up to revenue;
 *       average invoice value ("avg invoice value", 客单价) = revenue / number of those invoices;
 *       revenue per visit ("spend per visit") = revenue / number of those invoices that have an appt_id;
 *       visits ("visits", 接诊) = appointments with sts_cd CMP and deleted_at NULL;
 *       appointments (预约数) = appointments with deleted_at NULL, any status;
 *       no-show rate (爽约率) = NSH / (CMP + NSH) among non-deleted appointments;
 *       cancellation rate = CNL / all non-deleted appointments;
 *       pets seen ("pets did we see", 看了多少只猫) = COUNT(DISTINCT appt.pat_id) of completed, non-deleted appointments;
 *       payments collected ("cash collected") = SUM(pmt.amt_cents) / 100 with pmt.sts_cd OK (gross);
 *       refunds = SUM(pmt_rfnd.amt_cents) / 100 with sts_cd DONE;
 *       new clients = client rows with COALESCE(cl_typ, 'PRV') NOT IN ('TST', 'INT', 'CSH');
 *       wellness-plan sign-ups (健康计划签约数) = wellness_sub rows.
 *   - "best"/"top" with no metric named: revenue, the catalog's primary_metric. "top 3 vets" ranks the invoice's
 *     attending vet (inv_hdr.att_vet_id); counter sales have no vet and are not a vet.
 *   - "worst no-show rate" = the highest; "least"/最低 = ascending; a ranking never includes a NULL key (no vet, no reason).
 *   - a comparison of two members ("dogs vs cats", "app vs phone", 狗和猫) is keyed by the members, each member's own
 *     value over the period asked.
 *   - shares ("what % of revenue", 占比) are fractions between 0 and 1 of the same metric over all rows in the same window.
 *   - keys are the catalog's dimension values as written there: clinic names ('PawCare Hamburg Altona'), cities
 *     ('München'), region names ('North'), species ('Dog', 'Cat'; legacy German codes HUND/KATZE... merged), vets
 *     ('Dr. Maximilian Huber'), booking channels ('Phone' = PHN and the old code TEL, 'App', 'Website', 'Walk-in'),
 *     payment methods ('Girocard (EC)', 'Credit card', 'Cash', 'PayPal', 'Bank transfer', 'Pet insurer'), refund reasons
 *     ('Overcharged', ...), service categories ('Vaccination', 'Dental', ...), months 'YYYY-MM' (Berlin).
 *   - place words: Altona = clinic PawCare Hamburg Altona; Munich = city München; Hamburg/汉堡 = city Hamburg; Dr Huber =
 *     vet Dr. Maximilian Huber; vaccinations = service category Vaccination; surgery = service category Surgery;
 *     牙科 = service category Dental; 猫 = species Cat; 狗 = species Dog; 大区 = region.
 *   - every ranking was checked for ties across its cut; none falls inside a tie (the gaps are in the comments).
 *   - no question asks for a measure the catalog lacks: the Question type has no clarification or cannot-answer
 *     expectation (its shapes are scalar, keyed, ranked).
 *
 * Shapes: 'scalar' one row, column v; 'keyed' columns k, v; 'ranked' column k in order, first n rows.
 *
 * The values in the comments are what the SQL returned on baton_pawcare (pawcare.sql, 31,572 appointments, 31,860
 * invoice versions) on 2026-12-01; they are a record, not the expectation.
 */

export const PAWCARE_AS_OF = '2026-12-01';

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
/** Half-open windows of Berlin local dates on each time field, on parameters $1 and $2. */
const within = (col: string) =>
  `${col} >= ($1::timestamp AT TIME ZONE 'Europe/Berlin') AND ${col} < ($2::timestamp AT TIME ZONE 'Europe/Berlin')`;
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
const REFUND_REASON = `CASE r.rsn_cd WHEN 'VOID' THEN 'Invoice voided' WHEN 'MEDRET' THEN 'Medication returned' WHEN 'OVRCHG' THEN 'Overcharged'
  WHEN 'GOODWL' THEN 'Goodwill' WHEN 'SVCNOT' THEN 'Service not performed' END`;

export const PAWCARE_AS_USERS_ASK: {
  question: string;
  language: 'en' | 'zh';
  reading: string;
  shape: 'scalar' | 'keyed' | 'ranked';
  sql: string;
  params?: unknown[];
  n?: number;
}[] = [
  // ================================================================ English
  // ---------------------------------------------------------------- last month, named months, quarters
  {
    // baton_pawcare 2026-12-01: v = 165288.38 (all invoice versions of all clients would give more: drafts, voided
    // versions and test clients are excluded)
    question: 'how much did we bill last month?',
    language: 'en',
    reading: 'bill = revenue (issued, non-voided invoices, net of VAT), issued in [2026-11-01, 2026-12-01) Berlin time (last month).',
    shape: 'scalar',
    sql: `SELECT ${REVENUE} AS v ${INV} WHERE ${ISSUED} AND ${ISSUED_WITHIN}`,
    params: ['2026-11-01', '2026-12-01'],
  },
  {
    // baton_pawcare 2026-12-01: v = 720
    question: 'how many pets did we see in march last year',
    language: 'en',
    reading: 'Pets seen (distinct pets with a completed appointment) with appointments in [2025-03-01, 2025-04-01) (march last year).',
    shape: 'scalar',
    sql: `SELECT count(DISTINCT a.pat_id) AS v ${APPT} WHERE a.sts_cd = 'CMP' AND ${APPT_OK} AND ${APPT_WITHIN}`,
    params: ['2025-03-01', '2025-04-01'],
  },
  {
    // baton_pawcare 2026-12-01: v = 458
    question: 'how many new clients did we get in q3?',
    language: 'en',
    reading:
      'New clients (client accounts, test/internal/counter-sale accounts excluded) registered in [2026-07-01, 2026-10-01) (q3 = Q3 2026).',
    shape: 'scalar',
    sql: `SELECT count(*) AS v FROM client c WHERE COALESCE(c.cl_typ, 'PRV') NOT IN ('TST', 'INT', 'CSH') AND ${within('c.crt_ts')}`,
    params: ['2026-07-01', '2026-10-01'],
  },
  {
    // baton_pawcare 2026-12-01: v = 8231.17
    question: 'refunds last quarter',
    language: 'en',
    reading: 'Refunds (DONE refund rows, gross) paid back in [2026-07-01, 2026-10-01) (last quarter = Q3 2026, the latest full quarter).',
    shape: 'scalar',
    sql: `SELECT sum(r.amt_cents) / 100.0 AS v FROM pmt_rfnd r JOIN pmt m ON m.pmt_id = r.pmt_id JOIN inv_hdr h ON h.inv_id = m.inv_id
      JOIN client c ON c.cl_id = h.cl_id WHERE r.sts_cd = 'DONE' AND ${REAL} AND ${within('r.rfnd_ts')}`,
    params: ['2026-07-01', '2026-10-01'],
  },
  {
    // baton_pawcare 2026-12-01: Bank transfer 29709.49, Cash 19521.09, Credit card 47544.59, Girocard (EC) 69487.99,
    // PayPal 9026.19, Pet insurer 21469.55 (bucketed on UTC dates, Bank transfer would be 28787.83)
    question: 'cash colected by payment method in october',
    language: 'en',
    reading:
      'cash collected = payments collected (pmt rows OK, gross) per payment method, paid in [2026-10-01, 2026-11-01) (october = October 2026).',
    shape: 'keyed',
    sql: `SELECT ${PAY_METHOD} AS k, sum(m.amt_cents) / 100.0 AS v FROM pmt m JOIN inv_hdr h ON h.inv_id = m.inv_id JOIN client c ON c.cl_id = h.cl_id
      WHERE m.sts_cd = 'OK' AND ${REAL} AND ${within('m.pd_ts')} GROUP BY 1`,
    params: ['2026-10-01', '2026-11-01'],
  },
  {
    // baton_pawcare 2026-12-01: v = 47
    question: 'how many visits did dr huber do last month',
    language: 'en',
    reading:
      'Visits (completed, non-deleted appointments) of vet Dr. Maximilian Huber, appointments in [2026-11-01, 2026-12-01) (last month).',
    shape: 'scalar',
    sql: `SELECT count(*) AS v ${APPT} WHERE a.sts_cd = 'CMP' AND ${APPT_OK} AND ${APPT_WITHIN} AND ${VET} = $3`,
    params: ['2026-11-01', '2026-12-01', 'Dr. Maximilian Huber'],
  },
  // ---------------------------------------------------------------- this year, ytd, last year
  {
    // baton_pawcare 2026-12-01: PawCare Berlin Mitte 338411.51, PawCare Berlin Prenzlauer Berg 261549.35, PawCare
    // Hamburg Altona 231414.17, PawCare Hamburg Eppendorf 176989.96, PawCare München Schwabing 432063.33, PawCare
    // München Sendling 188996.42, PawCare Potsdam 125818.62
    question: 'rev by clinic ytd',
    language: 'en',
    reading:
      'Revenue per clinic (clinic names), issued in [2026-01-01, 2026-12-01) (ytd). Berlin Charlottenburg closed in 2025 and has no row.',
    shape: 'keyed',
    sql: `SELECT k.clinic_nm AS k, ${REVENUE} AS v ${INV} WHERE ${ISSUED} AND ${ISSUED_WITHIN} GROUP BY 1`,
    params: ['2026-01-01', '2026-12-01'],
  },
  {
    // baton_pawcare 2026-12-01: Cat 601060.31, Dog 819256.02
    question: 'dogs vs cats revenue this year',
    language: 'en',
    reading:
      "Revenue of invoices whose pet's species is Dog and Cat (legacy codes HUND/KATZE included), each on its own, issued in [2026-01-01, 2026-12-01) (this year).",
    shape: 'keyed',
    sql: `SELECT ${SPECIES} AS k, ${REVENUE} AS v ${INV} WHERE ${ISSUED} AND ${ISSUED_WITHIN} AND ${SPECIES} IN ('Dog', 'Cat') GROUP BY 1`,
    params: ['2026-01-01', '2026-12-01'],
  },
  {
    // baton_pawcare 2026-12-01: k = ['Grooming'] (29355.60; next Vaccination 73718.18)
    question: 'which service category brought in the least money this year?',
    language: 'en',
    reading:
      'brought in money = revenue (service revenue, non-deleted lines of issued invoices) per service category, issued in [2026-01-01, 2026-12-01); the lowest one.',
    shape: 'ranked',
    n: 1,
    sql: `SELECT sc.cat_nm AS k, ${LINE_REVENUE} AS v ${LINES} WHERE ${LINE_OK} AND ${ISSUED_WITHIN} GROUP BY 1 ORDER BY v ASC`,
    params: ['2026-01-01', '2026-12-01'],
  },
  {
    // baton_pawcare 2026-12-01: k = ['PawCare München Schwabing'] (391457.40; next PawCare Berlin Mitte 277877.00)
    question: 'best clinic last year?',
    language: 'en',
    reading: 'No metric named: revenue per clinic, issued in [2025-01-01, 2026-01-01) (last year); the highest one.',
    shape: 'ranked',
    n: 1,
    sql: `SELECT k.clinic_nm AS k, ${REVENUE} AS v ${INV} WHERE ${ISSUED} AND ${ISSUED_WITHIN} GROUP BY 1 ORDER BY v DESC`,
    params: ['2025-01-01', '2026-01-01'],
  },
  {
    // baton_pawcare 2026-12-01: Berlin 147.21, Hamburg 153.74, München 161.43, Potsdam 145.59
    question: 'avg invoce value by city 2025',
    language: 'en',
    reading:
      'Average invoice value (revenue / issued non-voided invoices, counter sales included) per clinic city, issued in [2025-01-01, 2026-01-01).',
    shape: 'keyed',
    sql: `SELECT k.city_nm AS k, ${REVENUE} / count(*) AS v ${INV} WHERE ${ISSUED} AND ${ISSUED_WITHIN} GROUP BY 1`,
    params: ['2025-01-01', '2026-01-01'],
  },
  {
    // baton_pawcare 2026-12-01: 2026-01 0.0190, 2026-02 0.0472, 2026-03 0.0451, 2026-04 0.0347, 2026-05 0.0735,
    // 2026-06 0.0647, 2026-07 0.0299, 2026-08 0.0488, 2026-09 0.1408, 2026-10 0.1533, 2026-11 0.2000
    // (the autumn jump after Altona's SMS reminders broke)
    question: 'no show rate altona by month this year',
    language: 'en',
    reading:
      "No-show rate (NSH / (CMP + NSH), non-deleted appointments) of clinic PawCare Hamburg Altona per Berlin month ('YYYY-MM'), appointments in [2026-01-01, 2026-12-01) (this year).",
    shape: 'keyed',
    sql: `SELECT ${month('a.appt_ts')} AS k, ${NO_SHOW_RATE} AS v ${APPT}
      WHERE a.sts_cd IN ('CMP', 'NSH') AND ${APPT_OK} AND ${APPT_WITHIN} AND k.clinic_nm = $3 GROUP BY 1`,
    params: ['2026-01-01', '2026-12-01', 'PawCare Hamburg Altona'],
  },
  {
    // baton_pawcare 2026-12-01: App 0.1024, Phone 0.0682
    question: 'cancellation rate app vs phone last yr',
    language: 'en',
    reading:
      'Cancellation rate (CNL / all non-deleted appointments) of booking channels App and Phone (PHN and the old code TEL), each on its own, appointments in [2025-01-01, 2026-01-01).',
    shape: 'keyed',
    sql: `SELECT ${CHANNEL} AS k, count(*) FILTER (WHERE a.sts_cd = 'CNL')::numeric / count(*) AS v ${APPT}
      WHERE ${APPT_OK} AND ${APPT_WITHIN} AND ${CHANNEL} IN ('App', 'Phone') GROUP BY 1`,
    params: ['2025-01-01', '2026-01-01'],
  },
  {
    // baton_pawcare 2026-12-01: v = 82000.50
    question: 'surgery rev munich 2025',
    language: 'en',
    reading: 'Revenue (service revenue) of service category Surgery at clinics in the city München, issued in [2025-01-01, 2026-01-01).',
    shape: 'scalar',
    sql: `SELECT ${LINE_REVENUE} AS v ${LINES} WHERE ${LINE_OK} AND ${ISSUED_WITHIN} AND sc.cat_nm = $3 AND k.city_nm = $4`,
    params: ['2025-01-01', '2026-01-01', 'Surgery', 'München'],
  },
  // ---------------------------------------------------------------- no period: best, worst, shares
  {
    // baton_pawcare 2026-12-01: k = ['Dr. Maximilian Huber', 'Dr. Svenja Möller', 'Dr. Sophie Bauer'] (284663.40,
    // 267305.03, 250170.81; next Dr. Katrin Vogel 247343.81)
    question: 'top 3 vets',
    language: 'en',
    reading:
      "No metric named: revenue per attending vet of the invoice ('Dr. First Last'; counter sales have no vet and are left out), no period: all of the data; the three highest, in order.",
    shape: 'ranked',
    n: 3,
    sql: `SELECT ${VET} AS k, ${REVENUE} AS v ${INV} WHERE ${ISSUED} AND h.att_vet_id IS NOT NULL GROUP BY 1 ORDER BY v DESC`,
  },
  {
    // baton_pawcare 2026-12-01: k = ['PawCare München Sendling'] (0.0603; next PawCare Hamburg Altona 0.0530)
    // (over all of the data Altona's autumn-2026 jump does not overtake Sendling)
    question: 'which clinic has the worst no-show rate?',
    language: 'en',
    reading: 'No-show rate (NSH / (CMP + NSH)) per clinic, no period: all of the data; the highest one.',
    shape: 'ranked',
    n: 1,
    sql: `SELECT k.clinic_nm AS k, ${NO_SHOW_RATE} AS v ${APPT} WHERE a.sts_cd IN ('CMP', 'NSH') AND ${APPT_OK} GROUP BY 1 ORDER BY v DESC`,
  },
  {
    // baton_pawcare 2026-12-01: v = 0.0427
    question: 'what % of revenue is vaccinations',
    language: 'en',
    reading:
      'Service revenue of service category Vaccination divided by all service revenue (= revenue), no period: all of the data; a fraction.',
    shape: 'scalar',
    sql: `SELECT sum(l.ln_net_cents) FILTER (WHERE sc.cat_nm = $1)::numeric / sum(l.ln_net_cents) AS v ${LINES} WHERE ${LINE_OK}`,
    params: ['Vaccination'],
  },
  {
    // baton_pawcare 2026-12-01: v = 175.80
    question: "what's the average spend per visit for cats?",
    language: 'en',
    reading:
      'Revenue per visit (revenue of issued, non-voided invoices with an appointment / their number) for pets of species Cat, no period: all of the data.',
    shape: 'scalar',
    sql: `SELECT ${REVENUE} / count(*) AS v ${INV} WHERE ${ISSUED} AND h.appt_id IS NOT NULL AND ${SPECIES} = $1`,
    params: ['Cat'],
  },

  // ================================================================ Chinese
  {
    // baton_pawcare 2026-12-01: v = 130532.21
    question: '去年3月的营业额是多少？',
    language: 'zh',
    reading: '营业额 = revenue, issued in [2025-03-01, 2025-04-01) (去年3月).',
    shape: 'scalar',
    sql: `SELECT ${REVENUE} AS v ${INV} WHERE ${ISSUED} AND ${ISSUED_WITHIN}`,
    params: ['2025-03-01', '2025-04-01'],
  },
  {
    // baton_pawcare 2026-12-01: PawCare Berlin Mitte 53, PawCare Berlin Prenzlauer Berg 51, PawCare Hamburg Altona
    // 31, PawCare Hamburg Eppendorf 25, PawCare München Schwabing 63, PawCare München Sendling 24, PawCare Potsdam 19
    question: '上个月每家店看了多少只猫？',
    language: 'zh',
    reading:
      '看了多少只 = pets seen (distinct pets with a completed appointment) of species Cat per clinic, appointments in [2026-11-01, 2026-12-01) (上个月).',
    shape: 'keyed',
    sql: `SELECT k.clinic_nm AS k, count(DISTINCT a.pat_id) AS v ${APPT}
      WHERE a.sts_cd = 'CMP' AND ${APPT_OK} AND ${APPT_WITHIN} AND ${SPECIES} = $3 GROUP BY 1`,
    params: ['2026-11-01', '2026-12-01', 'Cat'],
  },
  {
    // baton_pawcare 2026-12-01: PawCare Berlin Charlottenburg 0.0579, PawCare Berlin Mitte 0.1802, PawCare Berlin
    // Prenzlauer Berg 0.1350, PawCare Hamburg Altona 0.1414, PawCare Hamburg Eppendorf 0.1093, PawCare München
    // Schwabing 0.2499, PawCare München Sendling 0.0516, PawCare Potsdam 0.0746 (they sum to 1)
    question: '各门店收入占比',
    language: 'zh',
    reading: 'Revenue per clinic divided by all revenue, no period: all of the data; fractions keyed by clinic name.',
    shape: 'keyed',
    sql: `SELECT k.clinic_nm AS k, sum(h.sub_tot_cents)::numeric / sum(sum(h.sub_tot_cents)) OVER () AS v ${INV} WHERE ${ISSUED} GROUP BY 1`,
  },
  {
    // baton_pawcare 2026-12-01: k = ['Dr. Svenja Möller'] (68; next Dr. Katrin Vogel 61)
    question: '10月哪个兽医接诊最多？',
    language: 'zh',
    reading:
      '接诊 = visits (completed, non-deleted appointments) per vet, appointments in [2026-10-01, 2026-11-01) (10月 = October 2026, its latest occurrence); the highest one.',
    shape: 'ranked',
    n: 1,
    sql: `SELECT ${VET} AS k, count(*) AS v ${APPT} WHERE a.sts_cd = 'CMP' AND ${APPT_OK} AND ${APPT_WITHIN} AND a.vet_id IS NOT NULL GROUP BY 1 ORDER BY v DESC`,
    params: ['2026-10-01', '2026-11-01'],
  },
  {
    // baton_pawcare 2026-12-01: Cat 3,236, Dog 4,710 (on UTC dates Dog would be 4,709)
    question: '狗和猫今年的就诊次数对比',
    language: 'zh',
    reading: '就诊次数 = visits of pets of species Dog and Cat, each on its own, appointments in [2026-01-01, 2026-12-01) (今年).',
    shape: 'keyed',
    sql: `SELECT ${SPECIES} AS k, count(*) AS v ${APPT} WHERE a.sts_cd = 'CMP' AND ${APPT_OK} AND ${APPT_WITHIN} AND ${SPECIES} IN ('Dog', 'Cat') GROUP BY 1`,
    params: ['2026-01-01', '2026-12-01'],
  },
  {
    // baton_pawcare 2026-12-01: v = 0.0487
    question: '汉堡的爽约率是多少',
    language: 'zh',
    reading:
      '爽约率 = no-show rate (NSH / (CMP + NSH)) of clinics in the city Hamburg (Altona and Eppendorf together), no period: all of the data.',
    shape: 'scalar',
    sql: `SELECT ${NO_SHOW_RATE} AS v ${APPT} WHERE a.sts_cd IN ('CMP', 'NSH') AND ${APPT_OK} AND k.city_nm = $1`,
    params: ['Hamburg'],
  },
  {
    // baton_pawcare 2026-12-01: v = 154032.00
    question: '今年牙科收入多少',
    language: 'zh',
    reading: '牙科收入 = revenue (service revenue) of service category Dental, issued in [2026-01-01, 2026-12-01) (今年).',
    shape: 'scalar',
    sql: `SELECT ${LINE_REVENUE} AS v ${LINES} WHERE ${LINE_OK} AND ${ISSUED_WITHIN} AND sc.cat_nm = $3`,
    params: ['2026-01-01', '2026-12-01', 'Dental'],
  },
  {
    // baton_pawcare 2026-12-01: k = ['South'] (169.63; next North 151.52)
    question: '哪个大区客单价最高？',
    language: 'zh',
    reading:
      '客单价 = average invoice value (revenue / issued non-voided invoices) per region, no period: all of the data; the highest one.',
    shape: 'ranked',
    n: 1,
    sql: `SELECT g.rgn_nm AS k, ${REVENUE} / count(*) AS v ${INV} WHERE ${ISSUED} GROUP BY 1 ORDER BY v DESC`,
  },
  {
    // baton_pawcare 2026-12-01: 2026-01 130, 2026-02 24, 2026-03 20, 2026-04 33, 2026-05 30, 2026-06 38, 2026-07 48,
    // 2026-08 46, 2026-09 49, 2026-10 52, 2026-11 91
    question: '今年每个月的健康计划签约数',
    language: 'zh',
    reading: "健康计划签约数 = wellness-plan sign-ups per start month ('YYYY-MM'), start_dt in [2026-01-01, 2026-12-01) (今年).",
    shape: 'keyed',
    sql: `SELECT to_char(w.start_dt, 'YYYY-MM') AS k, count(*) AS v FROM wellness_sub w JOIN client c ON c.cl_id = w.cl_id
      WHERE ${REAL} AND w.start_dt >= $1::date AND w.start_dt < $2::date GROUP BY 1`,
    params: ['2026-01-01', '2026-12-01'],
  },
  {
    // baton_pawcare 2026-12-01: App 957, Phone 4,810, Walk-in 2,006, Website 2,569 (on UTC dates Phone 4,811,
    // Website 2,570)
    question: '去年各渠道的预约数',
    language: 'zh',
    reading:
      '预约数 = appointments (non-deleted, any status) per booking channel (Phone = PHN and TEL), appointments in [2025-01-01, 2026-01-01) (去年).',
    shape: 'keyed',
    sql: `SELECT ${CHANNEL} AS k, count(*) AS v ${APPT} WHERE ${APPT_OK} AND ${APPT_WITHIN} GROUP BY 1`,
    params: ['2025-01-01', '2026-01-01'],
  },
  {
    // baton_pawcare 2026-12-01: k = ['PawCare München Sendling'] (249530.59; next PawCare Berlin Charlottenburg
    // 279933.25)
    question: '收入最低的门店',
    language: 'zh',
    reading: 'Revenue per clinic, no period: all of the data; the lowest one.',
    shape: 'ranked',
    n: 1,
    sql: `SELECT k.clinic_nm AS k, ${REVENUE} AS v ${INV} WHERE ${ISSUED} GROUP BY 1 ORDER BY v ASC`,
  },
  {
    // baton_pawcare 2026-12-01: k = ['Invoice voided'] (6372.08; next Medication returned 649.54)
    question: '上季度退款最多的原因是什么',
    language: 'zh',
    reading:
      '退款 = refunds (DONE, gross) per refund reason (rows without a reason left out), paid back in [2026-07-01, 2026-10-01) (上季度 = Q3 2026); the highest one.',
    shape: 'ranked',
    n: 1,
    sql: `SELECT ${REFUND_REASON} AS k, sum(r.amt_cents) / 100.0 AS v FROM pmt_rfnd r JOIN pmt m ON m.pmt_id = r.pmt_id
      JOIN inv_hdr h ON h.inv_id = m.inv_id JOIN client c ON c.cl_id = h.cl_id
      WHERE r.sts_cd = 'DONE' AND ${REAL} AND ${within('r.rfnd_ts')} AND r.rsn_cd IS NOT NULL GROUP BY 1 ORDER BY v DESC`,
    params: ['2026-07-01', '2026-10-01'],
  },
];
