// Generates the coin logos (public/coins/{unit}.svg) from the market catalogue, and the favicon (scripts/favicon.mjs).
// Dependency-free: the catalogue is read as text, not imported. Run: node scripts/gen-coin-logos.mjs
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { faviconPng, faviconSvg } from './favicon.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const cataloguePath = join(root, 'server/db/seed/catalogue.ts');
const coinsDir = join(root, 'public/coins');
const DARK_TEXT = '#0b1220';

/** Labels for names longer than four letters. */
const LABELS = { usoil: 'WTI', ukoil: 'BRNT', natgas: 'GAS', copper: 'CU', googl: 'GOOG' };
/** Colours for futures-style bases where a hashed colour would look wrong. */
const COLORS = { xau: '#d4af37', xag: '#a8a9ad', xpt: '#8e9aaf', xpd: '#6f7c85', copper: '#b87333' };

const source = readFileSync(cataloguePath, 'utf8');

/** @type {Map<string, string>} lower-case name → #rrggbb */
const logos = new Map();
for (const [, unit, color] of source.matchAll(/unit:\s*'([^']+)'[^}]*?color:\s*'(#[0-9a-fA-F]{6})'/g)) {
  logos.set(unit.toLowerCase(), color.toLowerCase());
}
const coinCount = logos.size;
for (const [, name] of source.matchAll(/(?:baseCoin|quoteCoin):\s*'([^']+)'/g)) {
  const key = name.toLowerCase();
  if (!logos.has(key)) logos.set(key, COLORS[key] ?? hashColor(key));
}

/** FNV-1a hash of the name mapped to a mid-saturation, mid-lightness hue. */
function hashColor(name) {
  let h = 0x811c9dc5;
  for (const ch of name) {
    h ^= ch.codePointAt(0) ?? 0;
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return hslToHex(h % 360, 55 + ((h >>> 9) % 20), 38 + ((h >>> 17) % 14));
}

function hslToHex(h, s, l) {
  const sat = s / 100;
  const lig = l / 100;
  const a = sat * Math.min(lig, 1 - lig);
  const f = (n) => {
    const k = (n + h / 30) % 12;
    const v = lig - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
    return Math.round(v * 255)
      .toString(16)
      .padStart(2, '0');
  };
  return `#${f(0)}${f(8)}${f(4)}`;
}

function rgb(hex) {
  return [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));
}

function darken(hex, amount) {
  return `#${rgb(hex)
    .map((c) =>
      Math.round(c * (1 - amount))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

/** WCAG relative luminance. */
function luminance(hex) {
  const [r, g, b] = rgb(hex).map((c) => {
    const v = c / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function textColor(background) {
  const bg = luminance(background);
  const onWhite = 1.05 / (bg + 0.05);
  const onDark = (bg + 0.05) / (luminance(DARK_TEXT) + 0.05);
  return onWhite >= onDark ? '#ffffff' : DARK_TEXT;
}

function escapeXml(text) {
  return text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

function logoSvg(name, color) {
  const label = (LABELS[name] ?? name).slice(0, 4).toUpperCase();
  const fontSize = [30, 30, 26, 21, 16][label.length] ?? 16;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="64" height="64" role="img" aria-label="${escapeXml(label)}">
  <circle cx="32" cy="32" r="30.5" fill="${color}" stroke="${darken(color, 0.22)}" stroke-width="3"/>
  <text x="32" y="32" dy="0.35em" text-anchor="middle" font-family="system-ui, sans-serif" font-weight="700" font-size="${fontSize}" fill="${textColor(color)}">${escapeXml(label)}</text>
</svg>
`;
}

mkdirSync(coinsDir, { recursive: true });
for (const [name, color] of logos) {
  writeFileSync(join(coinsDir, `${name}.svg`), logoSvg(name, color));
}
writeFileSync(join(root, 'public/favicon.svg'), faviconSvg());
writeFileSync(join(root, 'public/favicon.png'), faviconPng());
process.stdout.write(
  `Wrote ${logos.size} logos (${coinCount} coins, ${logos.size - coinCount} futures-style), favicon.svg and favicon.png\n`,
);
