/**
 * The PawCare "as users type" suite: 30 questions (20 English, 10 Chinese) written the way busy clinic managers and the
 * finance team type into a chat box (lower case, abbreviations such as rev, appts, q3, ytd, vs, mo, #, avg; dropped
 * words; a few typos; no question marks; fragments), blind on 2026-12-01.
 *
 * Written by a helper session started for this purpose. It read only: catalogs/pawcare.yaml,
 * test/fixtures/pawcare/README.md, lines 1-113 of eval/as-users-ask/pawcare.ts (header, SQL fragment constants and the
 * element type; not its questions) and lines 1-30 of eval/as-users-ask/courses-typed.ts (for the idea of a typed set).
 * It did not read Baton's code (src/), its tests (test/ except the PawCare data dictionary), docs/ (docs/catalog.md was
 * allowed but not needed), dist/, eval/as-users-ask/pawcare-heldout.ts or any other question set, and did not run
 * Baton. Each expected answer is hand-written SQL against the real tables following catalogs/pawcare.yaml's metric and
 * dimension definitions, run with psql on baton_pawcare.
 *
 * Readings: exactly those of eval/as-users-ask/pawcare.ts's header (today 2026-12-01; half-open Berlin windows on
 * each metric's own time field; "this yr"/"ytd"/今年 = [2026-01-01, 2026-12-01); "last yr"/去年 = 2025; "last mo"/上月 =
 * November 2026; "q2"/"q3"/"last qtr" = the latest such quarter of 2026; a month without a year ("oct", "feb", 10月) =
 * its latest occurrence, 2026; no period = all data; test/internal clients excluded; metrics as the catalog defines
 * them; comparisons keyed by the two members; shares are fractions 0..1 of the same metric over all rows of the same
 * window; rankings never include a NULL key). Only what is added or debatable here:
 *   - "no shows" alone (no "rate", no "#") is the catalog's alias of the no-show rate, so "no shows by clinic" is the
 *     no-show rate per clinic (a count of no-shows would be a different, un-catalogued measure).
 *   - "% of rev from vaccinations", 牙科收入占比: service revenue of the category / all service revenue of the same
 *     window (which equals revenue).
 *   - "% visits emergencies": visits (completed appointments) whose visit reason is Emergency / all visits.
 *   - "share of cash collected via paypal": payments collected by PayPal / all payments collected (gross, by pd_ts).
 *   - place words: munich = city München; hamburg = city Hamburg; potsdam = clinic PawCare Potsdam (the only clinic of
 *     the city); altona, eppendorf, schwabing, sendling, 阿尔托纳, 施瓦宾 = those clinics; 慕尼黑 = city München;
 *     weiss = Dr. Martin Weiß; Huber医生 = Dr. Maximilian Huber; web = booking channel Website; app = App;
 *     dental/牙科 = service category Dental; vaccinations = Vaccination; emergencies = visit reason Emergency;
 *     各大区 = region; 套餐 = wellness plan.
 *   - "top 3 vets rev" ranks the invoice's attending vet (inv_hdr.att_vet_id); "Huber医生接诊量" counts the
 *     appointment's vet (appt.vet_id), as each metric's table joins staff.
 *   - no period named ("refunds by reason top 3", "no show rate web vs app appts", 牙科收入占比): all data; the no-show
 *     rate uses only completed and no-show appointments, which all lie before the extract.
 *   - "cats vs dogs rev": revenue by the species of the invoice's pet (counter sales without a pet fall out).
 *   - a keyed breakdown by clinic lists only clinics with rows in the window (Charlottenburg closed 2025-09-30 and has
 *     no 2026 rows).
 *
 * Shapes: 'scalar' one row, column v; 'keyed' columns k, v; 'ranked' column k in order, first n rows.
 *
 * The values in the comments are what the SQL returned on baton_pawcare on 2026-12-01; they are a record, not the
 * expectation. Every ranking was checked for a tie across its cut (the gap is in its comment).
 */

export const PAWCARE_TYPED_AS_OF = '2026-12-01';

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
const PMT = `FROM pmt m JOIN inv_hdr h ON h.inv_id = m.inv_id JOIN client c ON c.cl_id = h.cl_id`;
/** Refunds with the payment they return, its invoice and payer. */
const RFND = `FROM pmt_rfnd r JOIN pmt m ON m.pmt_id = r.pmt_id JOIN inv_hdr h ON h.inv_id = m.inv_id JOIN client c ON c.cl_id = h.cl_id`;
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
const REFUND_REASON = `CASE r.rsn_cd WHEN 'VOID' THEN 'Invoice voided' WHEN 'MEDRET' THEN 'Medication returned' WHEN 'OVRCHG' THEN 'Overcharged'
  WHEN 'GOODWL' THEN 'Goodwill' WHEN 'SVCNOT' THEN 'Service not performed' END`;
const WELLNESS_PLAN = `CASE w.plan_cd WHEN 'PUPPY' THEN 'Puppy' WHEN 'KITTEN' THEN 'Kitten' WHEN 'ADULT_DOG' THEN 'Adult dog'
  WHEN 'ADULT_CAT' THEN 'Adult cat' WHEN 'SENIOR' THEN 'Senior' END`;

const LAST_MONTH = ['2026-11-01', '2026-12-01'];
const YTD = ['2026-01-01', '2026-12-01'];
const LAST_YEAR = ['2025-01-01', '2026-01-01'];
const Q2 = ['2026-04-01', '2026-07-01'];
const Q3 = ['2026-07-01', '2026-10-01'];
const OCTOBER = ['2026-10-01', '2026-11-01'];
const FEBRUARY = ['2026-02-01', '2026-03-01'];

export const PAWCARE_TYPED: {
  question: string;
  language: 'en' | 'zh';
  reading: string;
  shape: 'scalar' | 'keyed' | 'ranked';
  sql: string;
  params?: unknown[];
  n?: number;
}[] = [
  // PawCare Berlin Mitte 0.0229; PawCare Berlin Prenzlauer Berg 0.0308; PawCare Hamburg Altona 0.2000; PawCare Hamburg Eppendorf 0.0227; PawCare München Schwabing 0.0308; PawCare München Sendling 0.0632; PawCare Potsdam 0
  {
    question: 'no shows by clinic last mo',
    language: 'en',
    reading: 'no-show rate per clinic, November 2026',
    shape: 'keyed',
    sql: `SELECT k.clinic_nm AS k, ${NO_SHOW_RATE} AS v ${APPT}
      WHERE ${APPT_OK} AND a.sts_cd IN ('CMP', 'NSH') AND ${APPT_WITHIN} GROUP BY 1 ORDER BY 1`,
    params: LAST_MONTH,
  },
  // Cat 601060.31; Dog 819256.02
  {
    question: 'cats vs dogs rev ytd',
    language: 'en',
    reading: 'revenue of cat invoices vs dog invoices (species of the invoice pet), 2026 to date',
    shape: 'keyed',
    sql: `SELECT ${SPECIES} AS k, ${REVENUE} AS v ${INV}
      WHERE ${ISSUED} AND ${ISSUED_WITHIN} AND ${SPECIES} IN ('Cat', 'Dog') GROUP BY 1 ORDER BY 1`,
    params: YTD,
  },
  // 1. Dr. Svenja Möller 96811.95; 2. Dr. Maximilian Huber 94376.15; 3. Dr. Sophie Bauer 83559.35; 4. Dr. Katrin Vogel 77864.90 (25 rows; gap at the cut 5694.45)
  {
    question: 'top 3 vets rev 2025',
    language: 'en',
    reading: 'the 3 attending vets with the highest revenue in 2025',
    shape: 'ranked',
    sql: `SELECT ${VET} AS k, ${REVENUE} AS v ${INV}
      WHERE ${ISSUED} AND ${ISSUED_WITHIN} AND h.att_vet_id IS NOT NULL GROUP BY 1 ORDER BY v DESC`,
    params: LAST_YEAR,
    n: 3,
  },
  // 5615.31
  {
    question: 'how much refunded q2',
    language: 'en',
    reading: 'refunds paid back (DONE) in Q2 2026',
    shape: 'scalar',
    sql: `SELECT sum(r.amt_cents) / 100.0 AS v ${RFND} WHERE r.sts_cd = 'DONE' AND ${REAL} AND ${within('r.rfnd_ts')}`,
    params: Q2,
  },
  // 2026-01 51383.45; 2026-02 51645.69; 2026-03 55182.13; 2026-04 60968.83; 2026-05 57658.20; 2026-06 57805.41; 2026-07 59261.41; 2026-08 53446.36; 2026-09 58423.15; 2026-10 56550.12; 2026-11 58735
  {
    question: 'rev by mo munich this yr',
    language: 'en',
    reading: 'revenue of the München clinics per Berlin month, 2026 to date',
    shape: 'keyed',
    sql: `SELECT ${month('h.iss_ts')} AS k, ${REVENUE} AS v ${INV}
      WHERE ${ISSUED} AND ${ISSUED_WITHIN} AND k.city_nm = 'München' GROUP BY 1 ORDER BY 1`,
    params: YTD,
  },
  // PawCare Hamburg Altona 149.83; PawCare Hamburg Eppendorf 158.95
  {
    question: 'avg invoce altona vs eppendorf last yr',
    language: 'en',
    reading: 'average invoice value of PawCare Hamburg Altona vs PawCare Hamburg Eppendorf, 2025',
    shape: 'keyed',
    sql: `SELECT k.clinic_nm AS k, ${REVENUE} / count(*) AS v ${INV}
      WHERE ${ISSUED} AND ${ISSUED_WITHIN} AND k.clinic_nm IN ('PawCare Hamburg Altona', 'PawCare Hamburg Eppendorf')
      GROUP BY 1 ORDER BY 1`,
    params: LAST_YEAR,
  },
  // 0.0420
  {
    question: '% of rev from vaccinations ytd',
    language: 'en',
    reading: 'share of 2026-to-date service revenue in the Vaccination category (fraction)',
    shape: 'scalar',
    sql: `SELECT sum(l.ln_net_cents) FILTER (WHERE sc.cat_nm = 'Vaccination')::numeric / sum(l.ln_net_cents) AS v ${LINES}
      WHERE ${LINE_OK} AND ${ISSUED_WITHIN}`,
    params: YTD,
  },
  // 1. PawCare Hamburg Altona 0.0752; 2. PawCare München Sendling 0.0747; 3. PawCare Hamburg Eppendorf 0.0610; 4. PawCare Berlin Prenzlauer Berg 0.0488 (7 rows; gap at the cut 0.0122; Altona 30/399 vs Sendling 21/281 is close but not a tie)
  {
    question: 'worst 3 clinics no show rate q3',
    language: 'en',
    reading: 'the 3 clinics with the highest no-show rate in Q3 2026',
    shape: 'ranked',
    sql: `SELECT k.clinic_nm AS k, ${NO_SHOW_RATE} AS v ${APPT}
      WHERE ${APPT_OK} AND a.sts_cd IN ('CMP', 'NSH') AND ${APPT_WITHIN} GROUP BY 1 ORDER BY v DESC`,
    params: Q3,
    n: 3,
  },
  // PawCare München Schwabing 206; PawCare München Sendling 98
  {
    question: 'schwabing vs sendling vists oct',
    language: 'en',
    reading: 'visits at PawCare München Schwabing vs PawCare München Sendling, October 2026',
    shape: 'keyed',
    sql: `SELECT k.clinic_nm AS k, count(*) AS v ${APPT}
      WHERE ${APPT_OK} AND a.sts_cd = 'CMP' AND ${APPT_WITHIN}
        AND k.clinic_nm IN ('PawCare München Schwabing', 'PawCare München Sendling') GROUP BY 1 ORDER BY 1`,
    params: OCTOBER,
  },
  // 1. Invoice voided 45541.11; 2. Medication returned 5327.39; 3. Overcharged 5014.45; 4. Goodwill 4111.70 (5 rows; gap at the cut 902.75)
  {
    question: 'refunds by reason top 3',
    language: 'en',
    reading: 'the 3 refund reasons with the most money refunded, all data (NULL reason not ranked)',
    shape: 'ranked',
    sql: `SELECT ${REFUND_REASON} AS k, sum(r.amt_cents) / 100.0 AS v ${RFND}
      WHERE r.sts_cd = 'DONE' AND ${REAL} AND r.rsn_cd IS NOT NULL GROUP BY 1 ORDER BY v DESC`,
    n: 3,
  },
  // App 0.0738; Website 0.0680
  {
    question: 'no show rate web vs app appts',
    language: 'en',
    reading: 'no-show rate of Website vs App bookings, all data',
    shape: 'keyed',
    sql: `SELECT ${CHANNEL} AS k, ${NO_SHOW_RATE} AS v ${APPT}
      WHERE ${APPT_OK} AND a.sts_cd IN ('CMP', 'NSH') AND a.chnl_cd IN ('WEB', 'APP') GROUP BY 1 ORDER BY 1`,
  },
  // 173
  {
    question: 'pets seen hamburg last mo',
    language: 'en',
    reading: 'distinct pets with a completed appointment at the Hamburg clinics, November 2026',
    shape: 'scalar',
    sql: `SELECT count(DISTINCT a.pat_id) AS v ${APPT}
      WHERE ${APPT_OK} AND a.sts_cd = 'CMP' AND ${APPT_WITHIN} AND k.city_nm = 'Hamburg'`,
    params: LAST_MONTH,
  },
  // 1. PawCare München Sendling 346; 2. PawCare Potsdam 712; 3. PawCare Berlin Charlottenburg 719 (8 rows; gap at the cut 7 visits; UTC windows give the same counts; without the deleted and client filters 714 vs 722)
  {
    question: 'lowest 2 clinics visits 2025',
    language: 'en',
    reading: 'the 2 clinics with the fewest visits in 2025',
    shape: 'ranked',
    sql: `SELECT k.clinic_nm AS k, count(*) AS v ${APPT}
      WHERE ${APPT_OK} AND a.sts_cd = 'CMP' AND ${APPT_WITHIN} GROUP BY 1 ORDER BY v ASC`,
    params: LAST_YEAR,
    n: 2,
  },
  // 0.0396
  {
    question: 'share of cash collected via paypal ytd',
    language: 'en',
    reading: 'PayPal payments collected / all payments collected, 2026 to date (fraction)',
    shape: 'scalar',
    sql: `SELECT sum(m.amt_cents) FILTER (WHERE m.mthd_cd = 'PP')::numeric / sum(m.amt_cents) AS v ${PMT}
      WHERE m.sts_cd = 'OK' AND ${REAL} AND ${within('m.pd_ts')}`,
    params: YTD,
  },
  // 2026-01 147; 2026-02 150; 2026-03 127; 2026-04 132; 2026-05 151; 2026-06 153; 2026-07 149; 2026-08 141; 2026-09 168; 2026-10 124; 2026-11 147
  {
    question: 'new clients per mo ytd',
    language: 'en',
    reading: 'new clients (test, internal and counter-sale accounts excluded) per Berlin month, 2026 to date',
    shape: 'keyed',
    sql: `SELECT ${month('c.crt_ts')} AS k, count(*) AS v FROM client c
      WHERE COALESCE(c.cl_typ, 'PRV') NOT IN ('TST', 'INT', 'CSH') AND ${within('c.crt_ts')} GROUP BY 1 ORDER BY 1`,
    params: YTD,
  },
  // 0.0780
  {
    question: '% visits emergencies last mo',
    language: 'en',
    reading: 'share of November 2026 visits whose visit reason is Emergency (fraction)',
    shape: 'scalar',
    sql: `SELECT count(*) FILTER (WHERE a.rsn_cd = 'EMG')::numeric / count(*) AS v ${APPT}
      WHERE ${APPT_OK} AND a.sts_cd = 'CMP' AND ${APPT_WITHIN}`,
    params: LAST_MONTH,
  },
  // 28361.70
  {
    question: 'dental reveune feb',
    language: 'en',
    reading: 'service revenue of the Dental category, February 2026',
    shape: 'scalar',
    sql: `SELECT ${LINE_REVENUE} AS v ${LINES} WHERE ${LINE_OK} AND ${ISSUED_WITHIN} AND sc.cat_nm = 'Dental'`,
    params: FEBRUARY,
  },
  // 798
  {
    question: '# invoices potsdam last yr',
    language: 'en',
    reading: 'issued, non-voided invoices of PawCare Potsdam, 2025',
    shape: 'scalar',
    sql: `SELECT count(*) AS v ${INV} WHERE ${ISSUED} AND ${ISSUED_WITHIN} AND k.clinic_nm = 'PawCare Potsdam'`,
    params: LAST_YEAR,
  },
  // 52388.45
  {
    question: 'dr weiss rev ytd',
    language: 'en',
    reading: 'revenue of invoices with Dr. Martin Weiß as attending vet, 2026 to date',
    shape: 'scalar',
    sql: `SELECT ${REVENUE} AS v ${INV} WHERE ${ISSUED} AND ${ISSUED_WITHIN} AND ${VET} = 'Dr. Martin Weiß'`,
    params: YTD,
  },
  // 1. PawCare München Schwabing 118371.95; 2. PawCare Berlin Mitte 92090.56 (7 rows; gap at the cut 26281.39)
  {
    question: 'best clinic last qtr',
    language: 'en',
    reading: 'the clinic with the highest revenue in Q3 2026',
    shape: 'ranked',
    sql: `SELECT k.clinic_nm AS k, ${REVENUE} AS v ${INV} WHERE ${ISSUED} AND ${ISSUED_WITHIN} GROUP BY 1 ORDER BY v DESC`,
    params: Q3,
    n: 1,
  },
  // PawCare Berlin Mitte 35307.90; PawCare Berlin Prenzlauer Berg 24922.96; PawCare Hamburg Altona 20723.65; PawCare Hamburg Eppendorf 14621.18; PawCare München Schwabing 38305.10; PawCare München Sendling 20429.90; PawCare Potsdam 10977.69
  {
    question: '上月各店营业额',
    language: 'zh',
    reading: 'revenue per clinic, November 2026',
    shape: 'keyed',
    sql: `SELECT k.clinic_nm AS k, ${REVENUE} AS v ${INV} WHERE ${ISSUED} AND ${ISSUED_WITHIN} GROUP BY 1 ORDER BY 1`,
    params: LAST_MONTH,
  },
  // Cat 3236; Dog 4710
  {
    question: '猫狗就诊对比今年',
    language: 'zh',
    reading: 'visits of cats vs dogs, 2026 to date',
    shape: 'keyed',
    sql: `SELECT ${SPECIES} AS k, count(*) AS v ${APPT}
      WHERE ${APPT_OK} AND a.sts_cd = 'CMP' AND ${APPT_WITHIN} AND ${SPECIES} IN ('Cat', 'Dog') GROUP BY 1 ORDER BY 1`,
    params: YTD,
  },
  // 1. Dr. Theresa Hofer 102709.32; 2. Dr. Maximilian Huber 99376.80; 3. Dr. Lena Hoffmann 96622.44; 4. Dr. Sophie Bauer 90358.87; 5. Dr. Katrin Vogel 90121.85; 6. Dr. Tobias Krüger 88677.30 (23 rows; gap at the cut 1444.55)
  {
    question: '今年收入前五的兽医',
    language: 'zh',
    reading: 'the 5 attending vets with the highest revenue, 2026 to date',
    shape: 'ranked',
    sql: `SELECT ${VET} AS k, ${REVENUE} AS v ${INV}
      WHERE ${ISSUED} AND ${ISSUED_WITHIN} AND h.att_vet_id IS NOT NULL GROUP BY 1 ORDER BY v DESC`,
    params: YTD,
    n: 5,
  },
  // 451991.57
  {
    question: '去年慕尼黑收入',
    language: 'zh',
    reading: 'revenue of the München clinics, 2025',
    shape: 'scalar',
    sql: `SELECT ${REVENUE} AS v ${INV} WHERE ${ISSUED} AND ${ISSUED_WITHIN} AND k.city_nm = 'München'`,
    params: LAST_YEAR,
  },
  // 0.0863
  {
    question: '牙科收入占比',
    language: 'zh',
    reading: 'share of all service revenue in the Dental category, all data (fraction)',
    shape: 'scalar',
    sql: `SELECT sum(l.ln_net_cents) FILTER (WHERE sc.cat_nm = 'Dental')::numeric / sum(l.ln_net_cents) AS v ${LINES}
      WHERE ${LINE_OK}`,
  },
  // Berlin-Brandenburg 2484; North 1362; South 1145
  {
    question: '去年各大区看了多少只宠物',
    language: 'zh',
    reading: 'pets seen (distinct pets with a completed appointment) per region, 2025',
    shape: 'keyed',
    sql: `SELECT g.rgn_nm AS k, count(DISTINCT a.pat_id) AS v ${APPT}
      WHERE ${APPT_OK} AND a.sts_cd = 'CMP' AND ${APPT_WITHIN} GROUP BY 1 ORDER BY 1`,
    params: LAST_YEAR,
  },
  // 2026-01 0.0190; 2026-02 0.0472; 2026-03 0.0451; 2026-04 0.0347; 2026-05 0.0735; 2026-06 0.0647; 2026-07 0.0299; 2026-08 0.0488; 2026-09 0.1408; 2026-10 0.1533; 2026-11 0.2000
  {
    question: '阿尔托纳今年每月爽约率',
    language: 'zh',
    reading: 'no-show rate of PawCare Hamburg Altona per Berlin month, 2026 to date',
    shape: 'keyed',
    sql: `SELECT ${month('a.appt_ts')} AS k, ${NO_SHOW_RATE} AS v ${APPT}
      WHERE ${APPT_OK} AND a.sts_cd IN ('CMP', 'NSH') AND ${APPT_WITHIN} AND k.clinic_nm = 'PawCare Hamburg Altona'
      GROUP BY 1 ORDER BY 1`,
    params: YTD,
  },
  // 176.09
  {
    question: '施瓦宾10月客单价',
    language: 'zh',
    reading: 'average invoice value of PawCare München Schwabing, October 2026',
    shape: 'scalar',
    sql: `SELECT ${REVENUE} / count(*) AS v ${INV}
      WHERE ${ISSUED} AND ${ISSUED_WITHIN} AND k.clinic_nm = 'PawCare München Schwabing'`,
    params: OCTOBER,
  },
  // Adult cat 116; Adult dog 173; Kitten 18; Puppy 35; Senior 219
  {
    question: '今年健康计划签约 按套餐',
    language: 'zh',
    reading: 'wellness-plan sign-ups per plan, start date in 2026 to date',
    shape: 'keyed',
    sql: `SELECT ${WELLNESS_PLAN} AS k, count(*) AS v FROM wellness_sub w JOIN client c ON c.cl_id = w.cl_id
      WHERE ${REAL} AND w.start_dt >= $1::date AND w.start_dt < $2::date GROUP BY 1 ORDER BY 1`,
    params: YTD,
  },
  // 560
  {
    question: 'Huber医生去年接诊量',
    language: 'zh',
    reading: 'visits (completed appointments) with Dr. Maximilian Huber as the vet, 2025',
    shape: 'scalar',
    sql: `SELECT count(*) AS v ${APPT}
      WHERE ${APPT_OK} AND a.sts_cd = 'CMP' AND ${APPT_WITHIN} AND ${VET} = 'Dr. Maximilian Huber'`,
    params: LAST_YEAR,
  },
];
