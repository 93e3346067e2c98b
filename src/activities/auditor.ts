/**
 * Auditor agent: checks the report against its citations and the calculation
 * metadata, changing nothing. It reads every number in every section back and
 * reports:
 *   uncited_number          a number with no citation marker after it
 *   wrong_value             a number that does not state the value its marker cites
 *   dangling_marker         a marker with no citation, or standing on no number
 *   unverified_citation     a citation of a calculation the validator did not verify
 *   unused_high_importance  a verified high-importance calculation the report never cites
 * All but the last name the sections the reporter must rewrite; an unused
 * important number is a note. Section bodies are audited; headings are the plan's
 * step descriptions.
 */
import { defineAgent } from '../agents/contract';
import { loadArtifact, loadCalculations, storeArtifact } from '../storage/artifacts';
import { AuditInput, AuditOutput, type AuditFinding, type ReportOutput } from '../contracts';
import { MAX_REPORT_RETRIES } from '../settings/limits';
import { readNumbers, statesCalculation } from '../format/read';

/** Findings that send their section back to the reporter (an unused important number is a note only). */
const BLOCKING = new Set<AuditFinding['kind']>(['uncited_number', 'wrong_value', 'dangling_marker', 'unverified_citation']);

export const auditReport = defineAgent({
  name: 'audit',
  input: AuditInput,
  output: AuditOutput,
  run: async ({ task_id, workflow_id, report_ref, calculation_refs, verified: verifiedIds, final_attempt }) => {
    const report = await loadArtifact<ReportOutput>(report_ref);
    const calculations = await loadCalculations(calculation_refs);
    const findings: AuditFinding[] = [];
    const verified = new Set(verifiedIds);
    const byId = new Map(calculations.map((c) => [c.id, c]));
    const byMarker = new Map(report.citations.map((c) => [c.marker, c]));
    // The labels of the rows the calculations describe: digits in a name are not claims.
    // Group keys are names, numeric ones too (a customer known by its id): their digits are not claims.
    const names = calculations.flatMap((c) =>
      Object.values(c.pick.match ?? {})
        .filter((v) => v !== null && v !== undefined)
        .map(String),
    );
    let checked = 0;
    for (const section of report.sections) {
      const { numbers, loneMarkers } = readNumbers(section.body, names);
      for (const n of numbers) {
        checked += 1;
        if (n.marker === null) {
          findings.push({ kind: 'uncited_number', section_id: section.id, detail: `"${n.text}" has no citation` });
          continue;
        }
        const citation = byMarker.get(n.marker);
        if (!citation) {
          findings.push({
            kind: 'dangling_marker',
            section_id: section.id,
            detail: `[${n.marker}] after "${n.text}" resolves to no citation`,
          });
          continue;
        }
        const calc = byId.get(citation.calculation_id);
        if (!calc || !verified.has(calc.id)) {
          findings.push({
            kind: 'unverified_citation',
            section_id: section.id,
            detail: `[${n.marker}] cites ${citation.calculation_id}, which the validator did not verify`,
          });
          continue;
        }
        // The calculation's own value, not the citation's copy of it; "< x" is only how p-values are written.
        if (
          !statesCalculation(n, calc) ||
          citation.value !== calc.value ||
          (n.upperBound && (calc.display !== 'p_value' || calc.value < 0))
        ) {
          findings.push({
            kind: 'wrong_value',
            section_id: section.id,
            detail: `"${n.text}" [${n.marker}] does not state ${calc.id} = ${calc.value}`,
          });
        }
      }
      for (const m of loneMarkers) findings.push({ kind: 'dangling_marker', section_id: section.id, detail: `[${m}] stands on no number` });
    }
    const cited = new Set(report.citations.map((c) => c.calculation_id));
    for (const c of calculations) {
      if (c.importance === 'high' && verified.has(c.id) && !cited.has(c.id)) {
        findings.push({
          kind: 'unused_high_importance',
          section_id: null,
          detail: `${c.id} (${c.description}) is verified and important but never cited`,
        });
      }
    }
    const sectionsToFix = [...new Set(findings.filter((f) => BLOCKING.has(f.kind) && f.section_id).map((f) => f.section_id as string))];
    const note =
      final_attempt && sectionsToFix.length > 0
        ? `published with ${findings.length} audit finding(s) left after ${MAX_REPORT_RETRIES} targeted rewrites: ${findings.map((f) => f.detail).join('; ')}`
        : null;
    const audit = { task_id, clean: findings.length === 0, findings, sections_to_fix: sectionsToFix, numbers_checked: checked, note };
    // The audited report, as published when this audit is the last: the findings travel with it.
    const published_ref = await storeArtifact(workflow_id, 'report', 'report', { ...report, audit: { ...audit, published_ref: null } });
    return { ...audit, published_ref };
  },
});
