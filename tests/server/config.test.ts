import { describe, expect, it } from 'vitest';
import { ConfigError, IP_SENDS_PER_HOUR, LOOPBACK_SENDS_PER_HOUR, loadConfig } from '../../server/config.ts';

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
});
