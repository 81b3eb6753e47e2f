// The favicon, described once and written two ways: public/favicon.svg (the site config's logo) and
// public/favicon.png, the one index.html links. Chromium draws an SVG favicon by building a whole SVG document on the
// page's main thread — 15–30 ms of a cold load at 4× CPU throttle, before the terminal's first render (issue 22
// item 1); a 32-pixel PNG decodes in microseconds.
import { crc32, deflateSync } from 'node:zlib';

const SIZE = 64;
const BACKGROUND = { color: '#0b1220', radius: 14 };
/** Strokes with round caps, drawn in order over the background, then the dot. */
const STROKES = [
  { from: [11, 44], to: [24, 29], color: '#16c784' },
  { from: [24, 29], to: [32, 38], color: '#ea3943' },
  { from: [32, 38], to: [52, 16], color: '#16c784' },
];
const STROKE_WIDTH = 6;
const DOT = { at: [52, 16], radius: 4.5, color: '#16c784' };

export function faviconSvg() {
  const paths = STROKES.map(
    (s) => `    <path d="M${s.from.join(' ')} L${s.to.join(' ')}" stroke="${s.color}"/>\n`,
  ).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${SIZE} ${SIZE}" width="${SIZE}" height="${SIZE}">
  <title>Tickstream</title>
  <rect width="${SIZE}" height="${SIZE}" rx="${BACKGROUND.radius}" fill="${BACKGROUND.color}"/>
  <g fill="none" stroke-width="${STROKE_WIDTH}" stroke-linecap="round" stroke-linejoin="round">
${paths}  </g>
  <circle cx="${DOT.at[0]}" cy="${DOT.at[1]}" r="${DOT.radius}" fill="${DOT.color}"/>
</svg>
`;
}

const rgb = (hex) => [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));

function inRoundedSquare(x, y) {
  const r = BACKGROUND.radius;
  const cx = Math.min(Math.max(x, r), SIZE - r);
  const cy = Math.min(Math.max(y, r), SIZE - r);
  return x >= 0 && y >= 0 && x <= SIZE && y <= SIZE && (x - cx) ** 2 + (y - cy) ** 2 <= r * r;
}

function nearSegment(x, y, [ax, ay], [bx, by], radius) {
  const dx = bx - ax;
  const dy = by - ay;
  const t = Math.min(1, Math.max(0, ((x - ax) * dx + (y - ay) * dy) / (dx * dx + dy * dy)));
  return (x - ax - t * dx) ** 2 + (y - ay - t * dy) ** 2 <= radius * radius;
}

/** The colour at a point of the 64-unit design, or null outside the rounded square. */
function colorAt(x, y) {
  if (!inRoundedSquare(x, y)) return null;
  if ((x - DOT.at[0]) ** 2 + (y - DOT.at[1]) ** 2 <= DOT.radius ** 2) return DOT.color;
  for (let i = STROKES.length - 1; i >= 0; i--) {
    const s = STROKES[i];
    if (nearSegment(x, y, s.from, s.to, STROKE_WIDTH / 2)) return s.color;
  }
  return BACKGROUND.color;
}

/** RGBA pixels of the icon at `size`, each pixel the mean of 8×8 samples (edges anti-aliased). */
function raster(size) {
  const pixels = Buffer.alloc(size * size * 4);
  const n = 8;
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      const sum = [0, 0, 0, 0];
      for (let sy = 0; sy < n; sy++) {
        for (let sx = 0; sx < n; sx++) {
          const color = colorAt(((px + (sx + 0.5) / n) * SIZE) / size, ((py + (sy + 0.5) / n) * SIZE) / size);
          if (!color) continue;
          const [r, g, b] = rgb(color);
          sum[0] += r;
          sum[1] += g;
          sum[2] += b;
          sum[3] += 1;
        }
      }
      const at = (py * size + px) * 4;
      const covered = sum[3];
      for (let c = 0; c < 3; c++) pixels[at + c] = covered ? Math.round(sum[c] / covered) : 0;
      pixels[at + 3] = Math.round((covered * 255) / (n * n));
    }
  }
  return pixels;
}

function chunk(type, data) {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** The icon as a `size`-pixel RGBA PNG. */
export function faviconPng(size = 32) {
  const pixels = raster(size);
  const rows = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) pixels.copy(rows, y * (size * 4 + 1) + 1, y * size * 4, (y + 1) * size * 4);
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 6, 0, 0, 0], 8); // 8 bits, RGBA, deflate, no filter method, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
