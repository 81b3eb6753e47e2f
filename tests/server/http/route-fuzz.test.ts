import { appendFileSync } from 'node:fs';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNT } from '../../../server/auth/demo.ts';
import { buildTestApp, type TestApp } from '../helpers.ts';

/** FUZZ_REPORT=file writes every failure there in full (the assertion's diff shows only the first few). */
function report(failures: readonly string[]): void {
  const file = process.env.FUZZ_REPORT;
  if (file && failures.length > 0) appendFileSync(file, `${failures.join('\n')}\n`);
}

/** Names that a plain-object lookup resolves to something on Object.prototype. */
const PROBES = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf'];

/** Malformed values of every kind a client can send: wrong types, extremes, odd text. */
const MALFORMED: unknown[] = [
  '',
  'x'.repeat(5000),
  '-1',
  '1e309',
  'NaN',
  '１２３',
  "\u0000' OR 1=1 --",
  '../../etc/passwd',
  1e308,
  true,
  null,
  ['a', 1],
  { nested: { deeper: 'x' } },
];

/** Fields many hand-parsed routes read without a schema. */
const COMMON_FIELDS = [
  'lang',
  'langCode',
  'symbol',
  'coin',
  'unit',
  'type',
  'kind',
  'wallet',
  'from',
  'to',
  'protocol',
  'currency',
  'account',
  'username',
  'country',
  'status',
  'keyword',
  'cateKey',
  'channel',
  'id',
];

/** A value that passes a field's own checks, so that a probe in another field reaches the handler. */
const PLAUSIBLE: Record<string, unknown> = {
  symbol: 'BTC/USDT',
  coin: 'USDT',
  unit: 'USDT',
  lang: 'en_US',
  langCode: 'en_US',
  currency: 'usd',
  country: 'US',
  pageNo: 1,
  pageSize: 10,
};

/** Routes whose success ends the session the sweep runs under. */
const SKIP = new Set(['POST /uc/loginout', 'GET /uc/loginout']);

interface Route {
  method: string;
  url: string;
  fields: Map<string, JsonSchema>;
}

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  anyOf?: JsonSchema[];
  minimum?: number;
  minLength?: number;
  enum?: unknown[];
  const?: unknown;
}

function propertiesOf(schema: JsonSchema | undefined, into: Map<string, JsonSchema>): void {
  if (!schema) return;
  for (const [name, field] of Object.entries(schema.properties ?? {})) into.set(name, field);
  for (const branch of schema.anyOf ?? []) propertiesOf(branch, into);
}

function sample(name: string, field: JsonSchema | undefined): unknown {
  if (Object.hasOwn(PLAUSIBLE, name)) return PLAUSIBLE[name];
  if (!field) return 'a';
  if (field.const !== undefined) return field.const;
  if (field.enum) return field.enum[0];
  if (field.anyOf?.[0]) return sample(name, field.anyOf[0]);
  const type = Array.isArray(field.type) ? field.type[0] : field.type;
  if (type === 'integer' || type === 'number') return field.minimum ?? 1;
  if (type === 'boolean') return false;
  if (type === 'array') return [];
  if (type === 'object') return {};
  return 'a'.repeat(Math.max(1, field.minLength ?? 1));
}

function collect(options: RouteOptions, into: Route[]): void {
  const methods = Array.isArray(options.method) ? options.method : [options.method];
  const schema = (options.schema ?? {}) as { body?: JsonSchema; querystring?: JsonSchema; params?: JsonSchema };
  const fields = new Map<string, JsonSchema>();
  propertiesOf(schema.body, fields);
  propertiesOf(schema.querystring, fields);
  for (const method of methods) {
    if (method !== 'GET' && method !== 'POST') continue;
    if (SKIP.has(`${method} ${options.url}`) || options.url === '*' || options.url.startsWith('/ws')) continue;
    into.push({ method, url: options.url, fields });
  }
}

/**
 * Payloads of one probe on one route: every field at once, then each field alone among plausible values (only the
 * string fields unless `everyField`: a number field refuses a word at validation, before any lookup).
 */
function payloads(route: Route, probe: unknown, everyField = false): Record<string, unknown>[] {
  const names = new Set([...route.fields.keys(), ...COMMON_FIELDS]);
  const base: Record<string, unknown> = {};
  for (const name of names) base[name] = sample(name, route.fields.get(name));
  const all: Record<string, unknown> = {};
  for (const name of names) all[name] = probe;
  const out = [all];
  // A schema drops the fields it does not name, so alone only its own fields reach the handler.
  const alone = route.fields.size > 0 ? route.fields.keys() : names;
  for (const name of alone) {
    const field = route.fields.get(name);
    const type = field && (Array.isArray(field.type) ? field.type[0] : field.type);
    if (!everyField && type && type !== 'string') continue;
    out.push({ ...base, [name]: probe });
  }
  return out;
}

describe('prototype keys and malformed values in every field of every route', () => {
  let t: TestApp;
  const routes: Route[] = [];
  let token = '';
  let sent = 0;
  beforeAll(async () => {
    // Thousands of requests from one address: the per-IP API budget would answer most of them 429.
    t = await buildTestApp(
      { rateLimit: 1_000_000 },
      {
        prepare: (server) => {
          server.addHook('onRoute', (options) => collect(options, routes));
        },
      },
    );
    const login = await t.server.inject({
      method: 'POST',
      url: '/uc/login',
      payload: { username: DEMO_ACCOUNT.username, password: DEMO_ACCOUNT.password },
    });
    token = login.json().data.token;
  });
  afterAll(() => t.close());

  /** Sends one request; a 5xx or an envelope without a message is a failure, listed by the caller. */
  const probe = async (
    method: string,
    url: string,
    payload: Record<string, unknown>,
    headers: Record<string, string>,
  ): Promise<string | null> => {
    const query = new URLSearchParams(Object.entries(payload).map(([k, v]) => [k, String(v)])).toString();
    const res = await t.server.inject({
      // A new address each time, so that per-IP limits (login, code sends) never answer before the handler does.
      remoteAddress: `10.${(++sent >> 16) & 255}.${(sent >> 8) & 255}.${sent & 255}`,
      method: method as 'GET' | 'POST',
      url: method === 'GET' && query ? `${url}?${query}` : url,
      headers: { 'x-auth-token': token, ...headers },
      ...(method === 'POST' ? { payload } : {}),
    });
    if (res.statusCode >= 500)
      return `${method} ${url} ${JSON.stringify(payload)} ${JSON.stringify(headers)} → ${res.statusCode} ${res.body.slice(0, 200)}`;
    if (!String(res.headers['content-type'] ?? '').includes('json')) return null;
    const body = res.json() as { code?: number; message?: unknown; msg?: unknown };
    const message = body.message ?? body.msg;
    if (body.code === 500 || (body.code !== 0 && body.code !== 200 && typeof message !== 'string')) {
      return `${method} ${url} ${JSON.stringify(payload)} → ${res.body.slice(0, 200)}`;
    }
    return null;
  };

  it('finds the routes', () => {
    expect(routes.length).toBeGreaterThan(100);
  });

  it('answers every probe in a body or query field without a server error', { timeout: 600_000 }, async () => {
    const failures: string[] = [];
    for (const route of routes) {
      const url = route.url.replace(/:(\w+)/g, 'BTC');
      for (const value of PROBES) {
        for (const payload of payloads(route, value)) {
          const failure = await probe(route.method, url, payload, {});
          if (failure) failures.push(failure);
        }
      }
    }
    report(failures);
    expect(failures).toEqual([]);
  });

  it('answers malformed values in any field with a clear refusal, never a server error', {
    timeout: 600_000,
  }, async () => {
    const failures: string[] = [];
    for (const route of routes) {
      const url = route.url.replace(/:(\w+)/g, 'BTC');
      for (const value of MALFORMED) {
        // GET carries the value as text; arrays and objects only travel in a JSON body.
        if (route.method === 'GET' && typeof value === 'object' && value !== null) continue;
        for (const payload of payloads(route, value, true)) {
          const failure = await probe(route.method, url, payload, {});
          if (failure) failures.push(failure);
        }
      }
    }
    report(failures);
    expect(failures).toEqual([]);
  });

  it('answers a probe as the language header, Accept-Language or path parameter without a server error', {
    timeout: 600_000,
  }, async () => {
    const failures: string[] = [];
    for (const route of routes) {
      for (const value of PROBES) {
        const url = route.url.replace(/:(\w+)/g, value);
        const cases: [Record<string, unknown>, Record<string, string>][] = [
          [{}, { lang: value }],
          [{}, { 'accept-language': `${value},en;q=0.5` }],
          [{ lang: value, langCode: value }, {}],
          [{}, {}],
        ];
        for (const [payload, headers] of cases) {
          const failure = await probe(route.method, url, payload, headers);
          if (failure) failures.push(failure);
        }
      }
    }
    report(failures);
    expect(failures).toEqual([]);
  });

  it('answers prototype keys as field names of a JSON, form or query body without a server error', {
    timeout: 600_000,
  }, async () => {
    const raw: [string, string][] = [
      ['application/json', '{"__proto__":{"polluted":1},"constructor":{"prototype":{"polluted":1}},"toString":"x"}'],
      ['application/x-www-form-urlencoded', '__proto__=x&constructor=y&toString=z&__proto__[polluted]=1'],
    ];
    const failures: string[] = [];
    for (const route of routes) {
      const url = route.url.replace(/:(\w+)/g, 'BTC');
      const bodies = route.method === 'POST' ? raw : [];
      for (const [type, payload] of bodies) {
        const res = await t.server.inject({
          remoteAddress: `10.200.${(++sent >> 8) & 255}.${sent & 255}`,
          method: 'POST',
          url,
          headers: { 'x-auth-token': token, 'content-type': type },
          payload,
        });
        if (res.statusCode >= 500) failures.push(`POST ${url} ${type} → ${res.statusCode} ${res.body.slice(0, 200)}`);
      }
      const res = await t.server.inject({
        method: route.method as 'GET' | 'POST',
        url: `${url}?__proto__=x&constructor=y&__proto__[polluted]=1`,
        headers: { 'x-auth-token': token },
      });
      if (res.statusCode >= 500)
        failures.push(`${route.method} ${url} query → ${res.statusCode} ${res.body.slice(0, 200)}`);
    }
    report(failures);
    expect(failures).toEqual([]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
