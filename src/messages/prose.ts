/**
 * What reads as not written by a person, for tests and checks of produced text: a full stop with no space before
 * the next sentence (".The"), a sentence that starts with its verb ("went from …", lacking its subject), a trend
 * that says "falling" next to a rise over the period (or "rising" next to a fall), and a doubled full stop.
 */
export function proseProblems(text: string): string[] {
  const problems: string[] = [];
  for (const m of text.matchAll(/[a-z)%\]]\.[A-Z][a-z]/g))
    problems.push(`no space after a full stop: "${text.slice(Math.max(0, (m.index ?? 0) - 12), (m.index ?? 0) + 14)}"`);
  for (const line of text.split('\n')) {
    for (const sentence of line.split(/(?<=[.。;；])\s*/)) {
      const s = sentence.replace(/^[-•]\s*/, '').trim();
      if (/^(went|moved|rose|fell|has been|was|were|is|are|from)\b/.test(s) || /^(从|变为|上升|下降)/.test(s))
        problems.push(`a sentence without its subject: "${s.slice(0, 40)}"`);
    }
    const falling = /\bfalling\b|\bfell\b|下降/.test(line);
    const rising = /\brising\b|\brose\b|上升/.test(line);
    const overall = line.match(/([+\-−]?)(\d[\d,]*(?:\.\d+)?)%(?:\[\d+\])? overall/);
    if (overall && falling && !rising && overall[1] !== '-' && overall[1] !== '−' && Number(overall[2]) !== 0)
      problems.push(`"falling" next to a rise overall: "${line.slice(0, 80)}"`);
    if (overall && rising && !falling && (overall[1] === '-' || overall[1] === '−'))
      problems.push(`"rising" next to a fall overall: "${line.slice(0, 80)}"`);
  }
  if (/[^.]\.\.(?!\.)/.test(text.replace(/\d{4}-\d{2}(?:-\d{2})?\.\.\d{4}/g, ''))) problems.push('a doubled full stop');
  return problems;
}
