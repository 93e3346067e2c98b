/**
 * What a message says about the person asking rather than about the data: "I'm putting together a market overview for
 * next week's planning meeting.", "I only have room for two on the slide.", "我在准备下周的周会。". Such a sentence is
 * left out before the message is read, so its words ("next week's", "two") are not read as a period or a ranking, nor
 * named back as not understood.
 *
 * An aside is a sentence of its own (not the last one unless another remains) that starts with the writer speaking of
 * themselves ("I'm", "I have", "I only", "we're", "my", 我在, 我们正在), is not a question, and asks for nothing: no
 * word of asking in it ("want", "need", "show", "look at", 想看, 需要, 帮我). A message made only of asides is left as
 * written.
 */

const FIRST_PERSON =
  /^\s*(?:(?:i|we)(?:'m|’m|'ve|’ve|'d|’d|\s+am|\s+are|\s+have|\s+was|\s+were|\s+only|\s+just|\s+still)\b|my\b|our\s+(?:team|boss|manager|meeting|deck|report)\b|我们?(?:在|正在|要去|准备|下周|明天|今天|刚|只))/i;
const ASKING =
  /\b(?:want|wanna|need|needs|like|prefer|show|give|tell|see|look(?:ing)?\s+(?:at|for)|know|break|split|compare|rank|sort|list|interested|check|pull|get)\b|想看|想知道|想要|需要|要看|帮我|给我|请|看一下|看看|查|列出|拆|对比|比较|统计/i;

const SENTENCE = /[^.!?。！？]+[.!?。！？]*\s*/g;

export function withoutAsides(text: string): string {
  const sentences = text.match(SENTENCE) ?? [text];
  if (sentences.length < 2) return text;
  const kept = sentences.filter((s) => {
    const question = /[?？]\s*$/.test(s);
    return question || !FIRST_PERSON.test(s) || ASKING.test(s);
  });
  return kept.length > 0 && kept.length < sentences.length ? kept.join('').trim() : text;
}
