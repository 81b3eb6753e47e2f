import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  CAPTCHA_HEIGHT,
  CAPTCHA_TOLERANCE_PX,
  CAPTCHA_TTL_MS,
  CAPTCHA_WIDTH,
  CaptchaStore,
  drawSlider,
  VERIFY_TOKEN_TTL_MS,
} from '../../../server/auth/captcha.ts';

const T0 = 1_800_000_000_000;

/** Width, height and the decoded pixel rows of a PNG data URL. */
function readPng(dataUrl: string) {
  expect(dataUrl.startsWith('data:image/png;base64,')).toBe(true);
  const bytes = Buffer.from(dataUrl.slice('data:image/png;base64,'.length), 'base64');
  expect(bytes.subarray(1, 4).toString()).toBe('PNG');
  const width = bytes.readUInt32BE(16);
  const height = bytes.readUInt32BE(20);
  const idatStart = bytes.indexOf('IDAT');
  const idatLength = bytes.readUInt32BE(idatStart - 4);
  const raw = inflateSync(bytes.subarray(idatStart + 4, idatStart + 4 + idatLength));
  expect(raw.length).toBe((width * 4 + 1) * height);
  return { width, height };
}

describe('slider captcha', () => {
  it('draws a 300 px background and a slider piece as valid PNGs', () => {
    const images = drawSlider();
    expect(readPng(images.backgroundImage)).toEqual({ width: CAPTCHA_WIDTH, height: CAPTCHA_HEIGHT });
    expect(readPng(images.sliderImage).height).toBe(CAPTCHA_HEIGHT);
    expect(images.x).toBeGreaterThan(25);
    expect(images.x).toBeLessThan(CAPTCHA_WIDTH - 50);
  });

  it('puts the hole somewhere new each time', () => {
    const xs = new Set(Array.from({ length: 12 }, () => drawSlider().x));
    expect(xs.size).toBeGreaterThan(3);
  });

  const fixed = (x: number) => () => ({ backgroundImage: '', sliderImage: '', x, y: 20 });

  it('accepts a release within the tolerance and turns it into a single-use verify token', () => {
    const store = new CaptchaStore(fixed(150));
    store.create('REGISTER', 'a@b.c', T0);
    const result = store.check('REGISTER', 'a@b.c', (150 + CAPTCHA_TOLERANCE_PX) / CAPTCHA_WIDTH, T0);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(store.consumeToken('REGISTER', 'a@b.c', result.verifyToken, T0)).toBe(true);
    expect(store.consumeToken('REGISTER', 'a@b.c', result.verifyToken, T0)).toBe(false);
  });

  it('refuses a release outside the tolerance, and the challenge is spent by any answer', () => {
    const store = new CaptchaStore(fixed(150));
    store.create('REGISTER', 'a@b.c', T0);
    expect(store.check('REGISTER', 'a@b.c', (150 + CAPTCHA_TOLERANCE_PX + 1) / CAPTCHA_WIDTH, T0)).toEqual({
      ok: false,
      reason: 'failed',
    });
    expect(store.check('REGISTER', 'a@b.c', 150 / CAPTCHA_WIDTH, T0)).toEqual({ ok: false, reason: 'expired' });
  });

  it('binds challenges and tokens to their type and target, and expires both', () => {
    const store = new CaptchaStore(fixed(100));
    store.create('REGISTER', 'a@b.c', T0);
    expect(store.check('RESET', 'a@b.c', 100 / CAPTCHA_WIDTH, T0).ok).toBe(false);
    expect(store.check('REGISTER', 'x@b.c', 100 / CAPTCHA_WIDTH, T0).ok).toBe(false);
    const { id } = store.create('REGISTER', 'a@b.c', T0);
    expect(store.check('REGISTER', 'a@b.c', 100 / CAPTCHA_WIDTH, T0 + CAPTCHA_TTL_MS, id).ok).toBe(false);
    store.create('REGISTER', 'a@b.c', T0);
    const solved = store.check('REGISTER', 'a@b.c', 100 / CAPTCHA_WIDTH, T0);
    if (!solved.ok) throw new Error('not solved');
    expect(store.consumeToken('RESET', 'a@b.c', solved.verifyToken, T0)).toBe(false);
    store.create('REGISTER', 'a@b.c', T0);
    const late = store.check('REGISTER', 'a@b.c', 100 / CAPTCHA_WIDTH, T0);
    if (!late.ok) throw new Error('not solved');
    expect(store.consumeToken('REGISTER', 'a@b.c', late.verifyToken, T0 + VERIFY_TOKEN_TTL_MS)).toBe(false);
  });

  it('replaces an older challenge of the same target', () => {
    const store = new CaptchaStore(fixed(100));
    const first = store.create('REGISTER', 'a@b.c', T0);
    store.create('REGISTER', 'a@b.c', T0);
    expect(store.check('REGISTER', 'a@b.c', 100 / CAPTCHA_WIDTH, T0, first.id)).toEqual({
      ok: false,
      reason: 'expired',
    });
  });
});
