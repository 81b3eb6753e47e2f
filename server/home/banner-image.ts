// The carousel's banner images, drawn here as SVG from each banner's texts and colours: nothing is hot-linked.

export interface BannerArt {
  title: string;
  subtitle: string;
  colorFrom: string;
  colorTo: string;
  /** Picks one of the decorations, so neighbouring banners differ. */
  seed: number;
}

/** Size of a banner image; the carousel shows four side by side. */
export const BANNER_WIDTH = 600;
export const BANNER_HEIGHT = 320;

const COLOR = /^#[0-9a-f]{6}$/i;

function escapeXml(text: string): string {
  return text.replace(
    /[<>&"']/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c] as string,
  );
}

/** Splits a title into at most two lines of about `width` characters (CJK counts double). */
export function wrapTitle(title: string, width = 18): string[] {
  const weight = (s: string) => [...s].reduce((n, ch) => n + (ch.charCodeAt(0) > 0x2e80 ? 2 : 1), 0);
  if (weight(title) <= width) return [title];
  const words = title.includes(' ') ? title.split(' ') : [...title];
  const joiner = title.includes(' ') ? ' ' : '';
  const lines: string[] = [''];
  for (const word of words) {
    const current = lines[lines.length - 1] as string;
    const next = current ? current + joiner + word : word;
    if (weight(next) > width && current && lines.length < 2) lines.push(word);
    else lines[lines.length - 1] = next;
  }
  return lines;
}

const DECORATIONS = [
  // rising candles
  '<g opacity="0.35" fill="#fff"><rect x="430" y="190" width="18" height="60" rx="3"/><rect x="462" y="160" width="18" height="90" rx="3"/><rect x="494" y="120" width="18" height="130" rx="3"/><rect x="526" y="80" width="18" height="170" rx="3"/></g>',
  // coin
  '<g opacity="0.35"><circle cx="490" cy="170" r="80" fill="none" stroke="#fff" stroke-width="14"/><circle cx="490" cy="170" r="44" fill="#fff"/></g>',
  // trend line
  '<polyline opacity="0.4" fill="none" stroke="#fff" stroke-width="10" stroke-linecap="round" stroke-linejoin="round" points="380,250 440,200 480,225 540,130 575,150"/>',
  // shield
  '<path opacity="0.35" fill="#fff" d="M490 70 l80 30 v60 c0 60 -40 95 -80 110 c-40 -15 -80 -50 -80 -110 v-60 z"/>',
];

/** The SVG of one banner. Colours outside #rrggbb fall back to the brand's. */
export function bannerSvg(art: BannerArt): string {
  const from = COLOR.test(art.colorFrom) ? art.colorFrom : '#1f6feb';
  const to = COLOR.test(art.colorTo) ? art.colorTo : '#0b2a5b';
  const lines = wrapTitle(art.title);
  const titleY = lines.length > 1 ? 110 : 135;
  const title = lines.map((line, i) => `<tspan x="40" y="${titleY + i * 46}">${escapeXml(line)}</tspan>`).join('');
  const decoration = DECORATIONS[Math.abs(art.seed) % DECORATIONS.length];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${BANNER_WIDTH}" height="${BANNER_HEIGHT}" viewBox="0 0 ${BANNER_WIDTH} ${BANNER_HEIGHT}" role="img" aria-label="${escapeXml(art.title)}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
<rect width="${BANNER_WIDTH}" height="${BANNER_HEIGHT}" rx="16" fill="url(#g)"/>
${decoration}
<text font-family="system-ui, -apple-system, 'Segoe UI', 'Noto Sans', 'PingFang SC', 'Hiragino Sans', 'Malgun Gothic', sans-serif" font-size="36" font-weight="700" fill="#fff">${title}</text>
<text x="40" y="${titleY + lines.length * 46 + 20}" font-family="system-ui, -apple-system, 'Segoe UI', 'Noto Sans', sans-serif" font-size="20" fill="#fff" fill-opacity="0.85">${escapeXml(art.subtitle)}</text>
<text x="40" y="285" font-family="system-ui, sans-serif" font-size="16" font-weight="700" fill="#fff" fill-opacity="0.7">Tickstream</text>
</svg>`;
}
