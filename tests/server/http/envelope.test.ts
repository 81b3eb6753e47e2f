import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers.ts';

describe('response envelope and validation', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(
      {},
      {
        extend: (server) =>
          server.get('/market/test-crash', async () => {
            throw new Error('secret internal detail at /srv/db.sqlite');
          }),
      },
    );
  });
  afterAll(() => t.close());

  it('names the missing field in the default language (zh_CN)', async () => {
    const res = await t.server.inject({ method: 'POST', url: '/uc/login', payload: { password: 'x' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 400, message: '参数错误：username', data: null });
  });

  it('translates the message into the language of the request', async () => {
    const res = await t.server.inject({
      method: 'POST',
      url: '/uc/login',
      headers: { lang: 'en_US' },
      payload: { username: '', password: 'x' },
    });
    expect(res.json()).toEqual({ code: 400, message: 'Invalid parameter: username', data: null });
    const vi = await t.server.inject({ method: 'POST', url: '/uc/login', headers: { lang: 'vi' }, payload: {} });
    expect(vi.json().message).toMatch(/^Tham số không hợp lệ/);
  });

  it('answers malformed JSON with a clear envelope', async () => {
    const res = await t.server.inject({
      method: 'POST',
      url: '/uc/login',
      headers: { 'content-type': 'application/json', lang: 'en_US' },
      payload: '{"username": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 400, message: 'The request is malformed', data: null });
  });

  it('answers an unsupported body type with an envelope, not a stack', async () => {
    const res = await t.server.inject({
      method: 'POST',
      url: '/uc/login',
      headers: { 'content-type': 'application/xml' },
      payload: '<x/>',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ code: 400, data: null });
  });

  it('answers an unknown API path with a 404 envelope', async () => {
    const res = await t.server.inject({ method: 'GET', url: '/uc/nothing-here', headers: { lang: 'en_US' } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 404, message: 'Not found', data: null });
  });

  it('hides internals of an unexpected failure', async () => {
    const res = await t.server.inject({ method: 'GET', url: '/market/test-crash', headers: { lang: 'en_US' } });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ code: 500, message: 'The server is busy, please try again later', data: null });
    expect(res.body).not.toContain('secret');
  });

  it('sends security headers, cross-origin isolation among them', async () => {
    const res = await t.server.inject({ method: 'GET', url: '/market/symbol-thumb' });
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(res.headers['cross-origin-embedder-policy']).toBe('require-corp');
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
  });

  it('sends no HSTS and no upgrade-insecure-requests over plain HTTP, whatever an untrusted header claims', async () => {
    for (const headers of [{}, { 'x-forwarded-proto': 'https' }]) {
      const res = await t.server.inject({ method: 'GET', url: '/market/symbol-thumb', headers });
      expect(res.headers['strict-transport-security']).toBeUndefined();
      expect(res.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
    }
  });
});

describe('security headers behind a trusted TLS proxy', () => {
  it('sends HSTS and upgrade-insecure-requests only when the trusted proxy says the request came over TLS', async () => {
    const t = await buildTestApp({ trustProxy: 'loopback' });
    try {
      const tls = await t.server.inject({
        method: 'GET',
        url: '/market/symbol-thumb',
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(tls.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      expect(tls.headers['content-security-policy']).toContain('upgrade-insecure-requests');
      const plain = await t.server.inject({ method: 'GET', url: '/market/symbol-thumb' });
      expect(plain.headers['strict-transport-security']).toBeUndefined();
      expect(plain.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
      // A proxy not on the list is not believed.
      const stranger = await t.server.inject({
        method: 'GET',
        url: '/market/symbol-thumb',
        headers: { 'x-forwarded-proto': 'https' },
        remoteAddress: '203.0.113.7',
      });
      expect(stranger.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await t.close();
    }
  });

  it('believes the nearest proxy when TRUST_PROXY is a hop count', async () => {
    const t = await buildTestApp({ trustProxy: 1 });
    try {
      const tls = await t.server.inject({
        method: 'GET',
        url: '/market/symbol-thumb',
        headers: { 'x-forwarded-proto': 'https' },
        remoteAddress: '203.0.113.7',
      });
      expect(tls.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    } finally {
      await t.close();
    }
  });
});

describe('rate limiting', () => {
  it('answers past the per-IP limit with a translated 429 envelope', async () => {
    const t = await buildTestApp({ rateLimit: 3 });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 4; i++) {
        const res = await t.server.inject({ method: 'GET', url: '/market/symbol-thumb', headers: { lang: 'en_US' } });
        codes.push(res.statusCode);
        if (i === 3)
          expect(res.json()).toEqual({ code: 429, message: 'Too many requests, please try again later', data: null });
      }
      expect(codes).toEqual([200, 200, 200, 429]);
    } finally {
      await t.close();
    }
  });
});
