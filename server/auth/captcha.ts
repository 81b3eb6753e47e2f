import { randomBytes, randomInt } from 'node:crypto';
import { Bitmap } from './png.ts';

/** Puzzle size (spec shell §9: slider 300 px wide). */
export const CAPTCHA_WIDTH = 300;
export const CAPTCHA_HEIGHT = 150;
export const PIECE_SIZE = 50;
/** Accepted distance between the release position and the hole, in pixels of the 300 px puzzle. */
export const CAPTCHA_TOLERANCE_PX = 5;
/** A challenge must be answered within this time. */
export const CAPTCHA_TTL_MS = 2 * 60 * 1000;
/** The verify token of a solved slider is good for one code request within this time. */
export const VERIFY_TOKEN_TTL_MS = 5 * 60 * 1000;

export interface SliderImages {
  backgroundImage: string;
  sliderImage: string;
  /** Left edge of the hole in pixels: the answer, never sent to the client. */
  x: number;
  /** Top of the piece in pixels (the slider image is already drawn at this height). */
  y: number;
}

/** Inside the puzzle-piece shape: a square with a round tab on its top and one on its right. */
function inPiece(px: number, py: number): boolean {
  const body = 38;
  const r = 6;
  const ox = 0;
  const oy = PIECE_SIZE - body;
  const inBody = px >= ox && px < ox + body && py >= oy && py < oy + body;
  const top = (px - (ox + body / 2)) ** 2 + (py - oy) ** 2 <= r * r;
  const right = (px - (ox + body)) ** 2 + (py - (oy + body / 2)) ** 2 <= r * r;
  return inBody || top || right;
}

function onEdge(px: number, py: number): boolean {
  if (!inPiece(px, py)) return false;
  return !inPiece(px - 1, py) || !inPiece(px + 1, py) || !inPiece(px, py - 1) || !inPiece(px, py + 1);
}

/** Draws a random landscape of gradients and discs, cuts the piece out at a random place and returns both images. */
export function drawSlider(): SliderImages {
  const w = CAPTCHA_WIDTH;
  const h = CAPTCHA_HEIGHT;
  const bg = new Bitmap(w, h);
  const hue = randomInt(360);
  const [r1, g1, b1] = hsl(hue, 0.55, 0.55);
  const [r2, g2, b2] = hsl((hue + 60 + randomInt(120)) % 360, 0.5, 0.35);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const t = (x / w + y / h) / 2;
      bg.set(x, y, lerp(r1, r2, t), lerp(g1, g2, t), lerp(b1, b2, t));
    }
  }
  for (let i = 0; i < 14; i++) {
    const cx = randomInt(w);
    const cy = randomInt(h);
    const radius = 8 + randomInt(30);
    const [cr, cg, cb] = hsl(randomInt(360), 0.6, 0.3 + randomInt(40) / 100);
    for (let y = Math.max(0, cy - radius); y < Math.min(h, cy + radius); y++) {
      for (let x = Math.max(0, cx - radius); x < Math.min(w, cx + radius); x++) {
        if ((x - cx) ** 2 + (y - cy) ** 2 <= radius * radius) bg.set(x, y, cr, cg, cb);
      }
    }
  }
  // The hole sits right of where the slider starts (25 px) so that it always needs a move.
  const x = 70 + randomInt(w - PIECE_SIZE - 80);
  const y = 10 + randomInt(h - PIECE_SIZE - 20);
  const slider = new Bitmap(PIECE_SIZE + 2, h);
  for (let py = 0; py < PIECE_SIZE; py++) {
    for (let px = 0; px < PIECE_SIZE; px++) {
      if (!inPiece(px, py)) continue;
      const [r, g, b] = bg.get(x + px, y + py);
      if (onEdge(px, py)) slider.set(px, y + py, 255, 255, 255, 230);
      else slider.set(px, y + py, r, g, b, 255);
    }
  }
  for (let py = 0; py < PIECE_SIZE; py++) {
    for (let px = 0; px < PIECE_SIZE; px++) {
      if (!inPiece(px, py)) continue;
      const [r, g, b] = bg.get(x + px, y + py);
      if (onEdge(px, py)) bg.set(x + px, y + py, 255, 255, 255, 255);
      else bg.set(x + px, y + py, r >> 2, g >> 2, b >> 2, 255);
    }
  }
  return { backgroundImage: bg.toDataUrl(), sliderImage: slider.toDataUrl(), x, y };
}

function lerp(a: number, b: number, t: number): number {
  return Math.round(a + (b - a) * t);
}

function hsl(h: number, s: number, l: number): [number, number, number] {
  const c = (1 - Math.abs(2 * l - 1)) * s;
  const hp = h / 60;
  const xx = c * (1 - Math.abs((hp % 2) - 1));
  const [r, g, b] =
    hp < 1
      ? [c, xx, 0]
      : hp < 2
        ? [xx, c, 0]
        : hp < 3
          ? [0, c, xx]
          : hp < 4
            ? [0, xx, c]
            : hp < 5
              ? [xx, 0, c]
              : [c, 0, xx];
  const m = l - c / 2;
  return [Math.round((r + m) * 255), Math.round((g + m) * 255), Math.round((b + m) * 255)];
}

interface Challenge {
  id: string;
  key: string;
  x: number;
  expiresAt: number;
}

interface VerifyToken {
  key: string;
  expiresAt: number;
}

export type CaptchaCheck = { ok: true; verifyToken: string } | { ok: false; reason: 'failed' | 'expired' };

/**
 * Slider challenges and the verify tokens they turn into, bound to a target (phone, e-mail, account) and a type
 * (REGISTER, RESET…). A challenge takes one answer; a token opens one code request. Kept in memory: both live minutes.
 */
export class CaptchaStore {
  readonly #challenges = new Map<string, Challenge>();
  /** The latest challenge of each target and type, for clients that answer without its id. */
  readonly #latest = new Map<string, string>();
  readonly #tokens = new Map<string, VerifyToken>();

  constructor(readonly draw: () => SliderImages = drawSlider) {}

  static key(type: string, target: string): string {
    return `${type}|${target}`;
  }

  create(type: string, target: string, now: number): { id: string; images: SliderImages } {
    this.#prune(now);
    const images = this.draw();
    const id = randomBytes(16).toString('base64url');
    const key = CaptchaStore.key(type, target);
    const previous = this.#latest.get(key);
    if (previous) this.#challenges.delete(previous);
    this.#challenges.set(id, { id, key, x: images.x, expiresAt: now + CAPTCHA_TTL_MS });
    this.#latest.set(key, id);
    return { id, images };
  }

  /** Checks a release position (a fraction of the puzzle width); the challenge is spent either way. */
  check(type: string, target: string, ratio: number, now: number, id?: string): CaptchaCheck {
    const key = CaptchaStore.key(type, target);
    const challengeId = id ?? this.#latest.get(key);
    const challenge = challengeId ? this.#challenges.get(challengeId) : undefined;
    if (!challenge || challenge.key !== key) return { ok: false, reason: 'expired' };
    this.#challenges.delete(challenge.id);
    if (this.#latest.get(key) === challenge.id) this.#latest.delete(key);
    if (challenge.expiresAt <= now) return { ok: false, reason: 'expired' };
    // Rounded to a thousandth of a pixel so that a ratio like 155/300 is not lost to floating point.
    const px = Math.round(ratio * CAPTCHA_WIDTH * 1000) / 1000;
    if (!Number.isFinite(px) || Math.abs(px - challenge.x) > CAPTCHA_TOLERANCE_PX) {
      return { ok: false, reason: 'failed' };
    }
    const verifyToken = randomBytes(24).toString('base64url');
    this.#tokens.set(verifyToken, { key, expiresAt: now + VERIFY_TOKEN_TTL_MS });
    return { ok: true, verifyToken };
  }

  /** Spends a verify token of this type and target; false when unknown, spent, expired or for something else. */
  consumeToken(type: string, target: string, token: string, now: number): boolean {
    const entry = this.#tokens.get(token);
    if (!entry) return false;
    this.#tokens.delete(token);
    return entry.key === CaptchaStore.key(type, target) && entry.expiresAt > now;
  }

  #prune(now: number): void {
    if (this.#challenges.size + this.#tokens.size < 10_000) return;
    for (const [id, c] of this.#challenges) {
      if (c.expiresAt <= now) {
        this.#challenges.delete(id);
        if (this.#latest.get(c.key) === id) this.#latest.delete(c.key);
      }
    }
    for (const [token, t] of this.#tokens) if (t.expiresAt <= now) this.#tokens.delete(token);
  }
}
