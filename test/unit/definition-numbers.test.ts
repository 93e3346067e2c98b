/**
 * Numbers the catalog writes in a definition ("the 9 launch courses filed under a top-level category", "refunds before
 * 2024-07") are quoted, not claimed: the auditor does not ask for their citation, and the plain answer shows them
 * without code spans. On Learnloop three correct answers ended degraded because the report quoted a dimension's
 * description in its assumptions, and the auditor read its "9" as an uncited claim.
 */
import { definitionText, withoutCodeSpans } from '../../src/format/labels';
import { readNumbers } from '../../src/format/read';

describe('a definition’s numbers', () => {
  const description = 'the top-level category (a subcategory rolled up; 9 launch courses filed before 2024-07, amounts ≤0 left out)';

  it('are in code spans, whole, dates and thresholds too', () => {
    expect(definitionText(description)).toBe(
      'the top-level category (a subcategory rolled up; `9` launch courses filed before `2024-07`, amounts `≤0` left out)',
    );
  });

  it('are no claims for the auditor’s reader', () => {
    expect(readNumbers(description).numbers.map((n) => n.text)).toContain('9');
    expect(readNumbers(definitionText(description)).numbers).toEqual([]);
  });

  it('read as written in plain text', () => {
    expect(withoutCodeSpans(definitionText(description))).toBe(description);
  });
});
