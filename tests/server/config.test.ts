import { describe, expect, it } from 'vitest';
import {
  ConfigError,
  defaultFlushMs,
  IP_SENDS_PER_HOUR,
  LOOPBACK_SENDS_PER_HOUR,
  loadConfig,
  readFlushMs,
} from '../../server/config.ts';
import { stepMs } from '../../server/sim/options.ts';

describe('configuration', () => {
  it('has sane defaults', () => {
    const config = loadConfig({}, '/srv/tickstream');
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      dataDir: '/srv/tickstream/data',
      sim: true,
      production: false,
      clientDir: '/srv/tickstream/dist/client',
      rateLimit: 1200,
      loginRateLimit: 30,
      codeSendsPerIpHour: 30,
    });
    expect(loadConfig({ LOGIN_RATE_LIMIT: '600' }).loginRateLimit).toBe(600);
    expect(() => loadConfig({ LOGIN_RATE_LIMIT: '0' })).toThrow(/LOGIN_RATE_LIMIT/);
    expect(loadConfig({ CODE_SENDS_PER_IP_HOUR: '500' }).codeSendsPerIpHour).toBe(500);
    expect(() => loadConfig({ CODE_SENDS_PER_IP_HOUR: '0' })).toThrow(/CODE_SENDS_PER_IP_HOUR/);
  });

  it('lets loopback clients ask for more codes outside production only (a developer repeating the account flows)', () => {
    expect(loadConfig({}).codeSendsPerLoopbackHour).toBe(LOOPBACK_SENDS_PER_HOUR);
    expect(LOOPBACK_SENDS_PER_HOUR).toBeGreaterThan(IP_SENDS_PER_HOUR);
    expect(loadConfig({ NODE_ENV: 'production' }).codeSendsPerLoopbackHour).toBe(IP_SENDS_PER_HOUR);
    expect(loadConfig({ NODE_ENV: 'production', CODE_SENDS_PER_IP_HOUR: '12' }).codeSendsPerLoopbackHour).toBe(12);
  });

  it('reads the environment', () => {
    const config = loadConfig(
      { PORT: '18080', HOST: '0.0.0.0', DATA_DIR: '/tmp/ts', TICKSTREAM_SIM: 'off', NODE_ENV: 'production' },
      '/',
    );
    expect(config).toMatchObject({ port: 18080, host: '0.0.0.0', dataDir: '/tmp/ts', sim: false, production: true });
  });

  it('rejects bad values with a clear message', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(
      new ConfigError('PORT must be an integer from 0 to 65535, got "eighty"'),
    );
    expect(() => loadConfig({ TICKSTREAM_SIM: 'maybe' })).toThrow(/TICKSTREAM_SIM must be on or off/);
    expect(() => loadConfig({ LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL must be one of/);
  });

  it('believes no proxy unless TRUST_PROXY names it', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'off' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: 'loopback, 10.0.0.0/8,::1' }).trustProxy).toBe('loopback,10.0.0.0/8,::1');
    expect(() => loadConfig({ TRUST_PROXY: 'everyone' })).toThrow(/TRUST_PROXY must be off, a number of hops/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/40' })).toThrow(/TRUST_PROXY/);
  });

  it('flushes market data more often than the simulator steps, unless TICKSTREAM_FLUSH_MS says otherwise', () => {
    // Two thirds of the step (20 ms at rate 1): a step a little early is not held back to merge with the next.
    expect(loadConfig({}).flushMs).toBe(13);
    // A faster simulator steps more often (10 ms at rate 2, 3 ms from rate 7 on): each step still gets a diff.
    expect(loadConfig({ TICKSTREAM_SIM_RATE: '2' }).flushMs).toBe(6);
    expect(loadConfig({ TICKSTREAM_SIM_RATE: '10' }).flushMs).toBe(2);
    expect(loadConfig({ TICKSTREAM_SIM_RATE: '100' }).flushMs).toBe(2);
    expect(loadConfig({ TICKSTREAM_SIM_RATE: '0.5' }).flushMs).toBe(13);
    for (const rate of [0.5, 1, 2, 5, 10, 100]) expect(defaultFlushMs(rate)).toBeLessThan(stepMs(rate));
    // Without the simulator the rate means nothing.
    expect(loadConfig({ TICKSTREAM_SIM: 'off', TICKSTREAM_SIM_RATE: '10' }).flushMs).toBe(13);
    expect(loadConfig({ TICKSTREAM_FLUSH_MS: '100', TICKSTREAM_SIM_RATE: '10' }).flushMs).toBe(100);
    expect(loadConfig({ TICKSTREAM_FLUSH_MS: ' 1 ' }).flushMs).toBe(1);
    expect(readFlushMs({ TICKSTREAM_FLUSH_MS: '' })).toBe(13);
  });

  it.each(['0', '-5', '1001', '2.5', 'fast', 'Infinity'])('refuses TICKSTREAM_FLUSH_MS=%s', (value) => {
    expect(() => loadConfig({ TICKSTREAM_FLUSH_MS: value })).toThrow(ConfigError);
    expect(() => loadConfig({ TICKSTREAM_FLUSH_MS: value })).toThrow(
      `TICKSTREAM_FLUSH_MS must be an integer from 1 to 1000, got "${value}"`,
    );
  });
});
