import { escapeHtml } from './seed/text.ts';

/** Poster size: 16:9. */
export const POSTER_WIDTH = 640;
export const POSTER_HEIGHT = 360;

/** Splits a title into at most two lines of about `width` characters (CJK titles have no spaces: cut by length). */
export function posterLines(title: string, width = 26): string[] {
  if (title.length <= width) return [title];
  const words = title.split(' ');
  if (words.length === 1) return [title.slice(0, width), title.slice(width, width * 2)];
  const lines: string[] = [''];
  for (const word of words) {
    const last = lines.length - 1;
    const current = lines[last] ?? '';
    if (current && `${current} ${word}`.length > width) {
      if (lines.length === 2) {
        lines[last] = `${current}…`;
        return lines;
      }
      lines.push(word);
    } else lines[last] = current ? `${current} ${word}` : word;
  }
  return lines;
}

/** A video poster drawn here (no hot-linked media): a gradient in the entry's hue, a play mark, title and length. */
export function posterSvg(title: string, minutes: number, hue: number, label: string): string {
  const h = Math.round(((hue % 360) + 360) % 360);
  const lines = posterLines(title)
    .map((line, i) => `<text x="40" y="${268 + i * 34}" font-size="28" font-weight="700">${escapeHtml(line)}</text>`)
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${POSTER_WIDTH}" height="${POSTER_HEIGHT}" viewBox="0 0 ${POSTER_WIDTH} ${POSTER_HEIGHT}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${h} 70% 42%)"/><stop offset="1" stop-color="hsl(${(h + 40) % 360} 65% 18%)"/></linearGradient></defs>
<rect width="100%" height="100%" fill="url(#g)"/>
<circle cx="540" cy="70" r="120" fill="#fff" opacity="0.06"/><circle cx="600" cy="320" r="80" fill="#fff" opacity="0.05"/>
<g transform="translate(320 140)"><circle r="44" fill="#fff" opacity="0.9"/><path d="M-14 -22 L26 0 L-14 22 Z" fill="hsl(${h} 70% 35%)"/></g>
<g fill="#fff" font-family="system-ui, sans-serif">${lines}
<text x="40" y="52" font-size="18" opacity="0.85">${escapeHtml(label)}</text>
<rect x="${POSTER_WIDTH - 112}" y="28" width="72" height="30" rx="6" fill="#000" opacity="0.45"/>
<text x="${POSTER_WIDTH - 76}" y="49" font-size="16" text-anchor="middle">${minutes}:00</text></g>
</svg>`;
}
