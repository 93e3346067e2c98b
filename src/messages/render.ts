/** The words of the rendered report (Markdown, HTML, DOCX: src/report/render.ts) and of its charts (src/report/charts.ts). */
import { defineMessages } from './message';

export const RENDER_MESSAGES = defineMessages({
  'render.audit.none': { zh: '审计：未审计', en: 'Audit: not audited' },
  'render.audit.clean': { zh: '审计：通过（检查了 {checked} 个数字）', en: 'Audit: clean ({checked} numbers checked)' },
  'render.audit.findings': { zh: '审计：发现 {count} 个问题{note}', en: 'Audit: {count} finding(s){note}' },
  'render.audit.note': { zh: '。{note}', en: '. {note}' },
  'render.citation-sources': { zh: ' — 来源: {sources}', en: ' — sources: {sources}' },
  'render.chart-heading': { zh: '图表: {title}', en: 'Chart: {title}' },
  'render.charts': { zh: '图表', en: 'Charts' },
  'render.citations': { zh: '计算与引用', en: 'Calculations cited' },
  'render.column.what': { zh: '含义', en: 'What' },
  'render.column.value': { zh: '数值', en: 'Value' },
  'render.column.how': { zh: '计算方法', en: 'How' },
  'render.column.sources': { zh: '来源', en: 'Sources' },
  'render.appendix.chart-data': { zh: '附录：图表数据', en: 'Appendix: chart data' },

  'chart.field.month': { zh: '月份', en: 'month' },
  'chart.field.group': { zh: '分组', en: 'group' },
  'chart.field.segment': { zh: '分组', en: 'segment' },
  'chart.field.contributor': { zh: '因素', en: 'contributor' },
  'chart.field.value': { zh: '数值', en: 'value' },
  'chart.field.effect': { zh: '影响', en: 'effect' },
  'chart.amount': { zh: '金额', en: 'amount' },
  'chart.title-with-unit': { zh: '{title}（{unit}）', en: '{title} ({unit})' },
});
