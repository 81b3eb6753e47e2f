import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiCode } from '../../../common/api.ts';
import { buildTestApp, type TestApp } from '../helpers.ts';

describe('POST /swap/dev/index', () => {
  let t: TestApp;
  const pin = (payload: Record<string, unknown>) =>
    t.server.inject({ method: 'POST', url: '/swap/dev/index', headers: { lang: 'en_US' }, payload });

  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('pins the index and brings the mark to it at once; release goes back to the spot mid', async () => {
    const res = await pin({ symbol: 'BTC_USDT', price: '90000.0', holdMs: 60_000 });
    expect(res.json()).toMatchObject({ code: 0, data: { symbol: 'BTC/USDT', index: '90000.0', mark: '90000.0' } });
    const market = t.server.exchange.swap.engine.market('BTC/USDT');
    expect(market?.index).toBe(900_000);
    expect(market?.mark).toBe(900_000);
    // No spot book in this app: the index stays where it was once the pin is gone.
    expect((await pin({ symbol: 'BTC/USDT', release: true })).json().code).toBe(0);
  });

  it('refuses an unknown contract, a bad price and a missing one', async () => {
    expect((await pin({ symbol: 'NOPE/USDT', price: '1' })).json().code).toBe(ApiCode.unknownContract);
    expect((await pin({ symbol: 'BTC/USDT', price: '90000.05' })).json().code).toBe(ApiCode.swapBadPrice);
    expect((await pin({ symbol: 'BTC/USDT' })).json().code).toBe(ApiCode.badRequest);
  });

  it('does not exist in production', async () => {
    const prod = await buildTestApp({ production: true });
    try {
      const res = await prod.server.inject({
        method: 'POST',
        url: '/swap/dev/index',
        payload: { symbol: 'BTC/USDT', price: '1.0' },
      });
      expect(res.statusCode).toBe(404);
    } finally {
      await prod.close();
    }
  });
});
