import type { Lang } from '../../../common/i18n.ts';
import type { Translations } from '../../shell/seed/words.ts';

/** Seven translations in the order of common/i18n LANGS: zh_CN, zh_TW, en_US, ko_KR, ja, vi_VN, hi_IN. */
export const t7 = (
  zh_CN: string,
  zh_TW: string,
  en_US: string,
  ko_KR: string,
  ja: string,
  vi_VN: string,
  hi_IN: string,
): Translations => ({ zh_CN, zh_TW, en_US, ko_KR, ja, vi_VN, hi_IN });

/** One text in every language (names, handles). */
export const same = (text: string): Translations => t7(text, text, text, text, text, text, text);

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}

/** Seed bodies are plain text, one paragraph a line; a line starting "- " is a list item. Stored as trusted HTML. */
export function paragraphsToHtml(text: string): string {
  const out: string[] = [];
  let list: string[] = [];
  const flush = () => {
    if (list.length) out.push(`<ul>${list.map((li) => `<li>${escapeHtml(li)}</li>`).join('')}</ul>`);
    list = [];
  };
  for (const line of text.split('\n').map((l) => l.trim())) {
    if (!line) continue;
    if (line.startsWith('- ')) list.push(line.slice(2));
    else {
      flush();
      out.push(`<p>${escapeHtml(line)}</p>`);
    }
  }
  flush();
  return out.join('');
}

/** What search reads: lower-cased plain text, list markers dropped. */
export function searchText(...parts: string[]): string {
  return parts.join('\n').replace(/^- /gm, '').toLowerCase();
}

export type { Lang, Translations };
