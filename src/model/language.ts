import type { Language } from '../contracts';

/** Chinese when the question contains CJK ideographs, otherwise English. */
export function detectLanguage(text: string): Language {
  return /[\u4e00-\u9fff]/.test(text) ? 'zh' : 'en';
}
