import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { ConfigError, simOptionsFromEnv } from '../../../server/config.ts';
import type { SimLogger } from '../../../server/sim/index.ts';

describe('SimLogger', () => {
  it('is what the Fastify logger offers', async () => {
    const server = Fastify({ logger: false });
    const log: SimLogger = server.log;
    log.debug({ symbol: 'BTC/USDT' }, 'sim: command rejected');
    await server.close();
  });
});

describe('simOptionsFromEnv', () => {
  it('leaves everything at its default when the variables are unset or empty', () => {
    expect(simOptionsFromEnv({})).toEqual({});
    expect(simOptionsFromEnv({ TICKSTREAM_SIM_RATE: '', TICKSTREAM_SIM_MARKETS: ' ' })).toEqual({});
  });

  it('reads the rate and the markets', () => {
    expect(
      simOptionsFromEnv({ TICKSTREAM_SIM_RATE: '2.5', TICKSTREAM_SIM_MARKETS: 'BTC/USDT, eth/btc,BTC/USDT' }),
    ).toEqual({
      rate: 2.5,
      markets: ['BTC/USDT', 'ETH/BTC'],
    });
    expect(simOptionsFromEnv({ TICKSTREAM_SIM_RATE: '100' })).toEqual({ rate: 100 });
  });

  it.each(['0', '-1', '100.5', 'fast', 'NaN', 'Infinity'])('refuses TICKSTREAM_SIM_RATE=%s', (value) => {
    expect(() => simOptionsFromEnv({ TICKSTREAM_SIM_RATE: value })).toThrow(ConfigError);
    expect(() => simOptionsFromEnv({ TICKSTREAM_SIM_RATE: value })).toThrow(/TICKSTREAM_SIM_RATE/);
  });

  it.each(['BTCUSDT', 'BTC/USDT,,ETH/USDT', 'BTC/', '/USDT', 'BTC/USDT/X'])(
    'refuses TICKSTREAM_SIM_MARKETS=%s',
    (value) => {
      expect(() => simOptionsFromEnv({ TICKSTREAM_SIM_MARKETS: value })).toThrow(/TICKSTREAM_SIM_MARKETS/);
    },
  );

  it('refuses a market the exchange does not list, when it is given the list', () => {
    const symbols = ['BTC/USDT', 'ETH/USDT'];
    expect(simOptionsFromEnv({ TICKSTREAM_SIM_MARKETS: 'ETH/USDT' }, symbols)).toEqual({ markets: ['ETH/USDT'] });
    expect(() => simOptionsFromEnv({ TICKSTREAM_SIM_MARKETS: 'DOGE/EUR' }, symbols)).toThrow(
      /TICKSTREAM_SIM_MARKETS.*DOGE\/EUR/,
    );
  });
});
