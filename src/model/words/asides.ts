/**
 * What a message says about the person asking rather than about the data: "I'm putting together a market overview for
 * next week's planning meeting.", "I only have room for two on the slide.", "我在准备下周的周会。". Such a sentence is
 * left out before the message is read, so its words ("next week's", "two") are not read as a period or a ranking, nor
 * named back as not understood.
 *
 * An aside is a sentence of its own (not the last one unless another remains) that starts with the writer speaking of
 * themselves ("I'm", "I have", "I run content at Learnloop", "we're", "my", 我在, 我们正在; where they work, not what they
 * look after: "I manage operations for Iberia" keeps Iberia), is not a question, and asks for nothing: no
 * word of asking in it ("want", "need", "show", "look at", 想看, 需要, 帮我). A message made only of asides is left as
 * written.
 */

const FIRST_PERSON =
  /^\s*(?:(?:i|we)(?:'m|’m|'ve|’ve|'d|’d|\s+am|\s+are|\s+have|\s+was|\s+were|\s+only|\s+just|\s+still)\b|(?:i|we)\s+(?:run|work|head|lead|do|handle|look\s+after)\b[^.!?]*\bat\s+[A-Z]|my\b|our\s+(?:team|boss|manager|meeting|deck|report)\b|我们?(?:在|正在|要去|准备|下周|明天|今天|刚|只|负责|管))/i;
const ASKING =
  /\b(?:want|wanna|need|needs|like|prefer|show|give|tell|see|look(?:ing)?\s+(?:at|for)|know|break|split|compare|rank|sort|list|interested|check|pull|get)\b|想看|想知道|想要|需要|要看|帮我|给我|请|看一下|看看|查|列出|拆|对比|比较|统计/i;

/**
 * A remark on the last answer: "OK, Málaga did most of the work.", "Germany was strong.", "That's quite a jump." — a
 * statement of what was seen, not a request. It does not keep, leave out or ask for anything.
 */
const REMARK =
  /^\s*(?:(?:[Oo][Kk](?:ay)?|[Ss]o|[Ww]ow|[Rr]ight|[Hh]m+|[Ii]nteresting|[Gg]reat|[Nn]ice)[\s,!.]+)?(?:[Tt]hat(?:'s|’s|\s+is|\s+was)|[Ii]t(?:'s|’s|\s+is|\s+was)|(?:the\s+)?[A-Z][\p{L}'’-]+(?:\s+[A-Z][\p{L}'’-]+)*\s+(?:did|was|were|had|made|drove|led|carried|dominated|looks|looked|seems|seemed))\b/u;
/** A remark of a few words on what was seen: "Big jump.", "Huge drop!", "Interesting numbers.", "涨幅不小。", "有意思。". */
const SHORT_REMARK =
  /^\s*(?:(?:wow|ok(?:ay)?|oh|hm+|so)[\s,!]+)?(?:(?:big|huge|large|massive|small|tiny|nice|interesting|strange|odd|weird|surprising|sharp|steep|solid|decent|good|bad)\s+)+(?:jump|drop|dip|spike|increase|decrease|growth|fall|rise|difference|gap|change|swing|numbers?|figures?|result|one|surprise)s?[\s!.]*$|^\s*(?:涨幅|跌幅|变化|差距|增长|下降)?(?:不小|很大|挺大|真大|不少|明显)[了啊呀！!。.]*$|^\s*(?:有意思|挺意外|没想到|意料之中)[了啊呀！!。.]*$/i;
const REQUESTING = /\b(?:only|just|exclude|excluding|without|except|instead|but|not|no|also|add|remove|drop|keep)\b/i;

/** A sentence that only acknowledges or greets: "Fine.", "OK thanks!", "Fair enough.", "Hi!", "好的。", "明白了。". */
const ACKNOWLEDGING =
  /^\s*(?:(?:fine|ok(?:ay)?|great|thanks|thank\s+you|thx|sure|alright|cool|good|perfect|got\s+it|fair\s+enough|understood|right|noted|makes\s+sense|hi|hello|hey|hi\s+there|good\s+(?:morning|afternoon|evening)|好的?|好吧|明白了?|了解|收到|行|嗯|谢谢|你好|您好|嗨)[\s,，!！.。]*)+$/i;

/**
 * A sentence that lets a request go or says why the user asks, naming nothing: "ok 没有就算了。" (if there is none, never
 * mind), "No worries if not.", "I would like to compare." (the user compares the answers; no comparison is asked).
 */
const LETTING_GO =
  /^\s*(?:ok(?:ay)?[\s,，]*)?(?:(?:没有|不行|做不了|算不了)(?:的话)?就?算了|那就算了|算了吧?)[了啊吧！!。.\s]*$|^\s*(?:no\s+worries|never\s+mind|fine)\s+if\s+not[\s!.]*$|^\s*(?:i(?:'d|\s+would)\s+like|i\s+want|i\s+need|just)\s+to\s+compare(?:\s+(?:them|it|the\s+two|both))?[\s!.]*$/i;

/** An apology that asks for nothing: "Apologies, I should have been clearer.", "Sorry about that.", "不好意思，我没说清楚。". */
const APOLOGIZING = /^\s*(?:(?:my\s+)?apologies|sorry|pardon|对不起|抱歉|不好意思)\b/i;

const SENTENCE = /[^.!?。！？]+[.!?。！？]*\s*/g;

export function withoutAsides(text: string): string {
  const sentences = text.match(SENTENCE) ?? [text];
  if (sentences.length < 2) return text;
  const kept = sentences.filter((s) => {
    const question = /[?？]\s*$/.test(s);
    if (ACKNOWLEDGING.test(s) || LETTING_GO.test(s) || (APOLOGIZING.test(s) && !ASKING.test(s) && !REQUESTING.test(s))) return false;
    if (question || ASKING.test(s)) return true;
    return !FIRST_PERSON.test(s) && !SHORT_REMARK.test(s) && !(REMARK.test(s) && !REQUESTING.test(s));
  });
  return kept.length > 0 && kept.length < sentences.length ? kept.join('').trim() : text;
}
