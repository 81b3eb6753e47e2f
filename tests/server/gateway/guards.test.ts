import { describe, expect, it } from 'vitest';
import { RateWindow } from '../../../server/gateway/connection.ts';
import { isSameOrigin } from '../../../server/gateway/origin.ts';

describe('isSameOrigin', () => {
  it.each([
    ['http://127.0.0.1:8080', '127.0.0.1:8080', true],
    ['https://trade.example', 'trade.example', true],
    ['https://trade.example', 'trade.example:443', true],
    ['http://trade.example', 'TRADE.example', true],
    ['https://trade.example:8443', 'trade.example', false],
    ['https://evil.example', 'trade.example', false],
    ['https://trade.example.evil.example', 'trade.example', false],
    ['null', 'trade.example', false],
    ['file://trade.example', 'trade.example', false],
    ['chrome-extension://abc', 'abc', false],
    ['https://trade.example', '', false],
    ['https://trade.example', 'trade.example/path', false],
  ])('%s on host %s: %s', (origin, host, same) => {
    expect(isSameOrigin(origin, host)).toBe(same);
  });
});

describe('RateWindow', () => {
  it('accepts max messages in any window and refuses the next until the oldest leaves it', () => {
    const window = new RateWindow(3, 1000);
    expect([0, 10, 20, 30].map((t) => window.tryAcquire(t))).toEqual([true, true, true, false]);
    expect(window.tryAcquire(999)).toBe(false);
    expect(window.tryAcquire(1000)).toBe(true);
    expect(window.tryAcquire(1005)).toBe(false);
    expect(window.tryAcquire(1010)).toBe(true);
  });
});
