import type { LightMyRequestResponse } from 'fastify';
import type { TestApp } from '../helpers.ts';

/** A JSON POST; the routes take form posts too (tests/server/http/shell-helpers.ts formPost). */
export function postJson(
  t: TestApp,
  url: string,
  payload: unknown,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return t.server.inject({ method: 'POST', url, payload: payload as object, headers: { lang: 'en_US', ...headers } });
}

export function getJson(t: TestApp, url: string, headers: Record<string, string> = {}) {
  return t.server.inject({ method: 'GET', url, headers: { lang: 'en_US', ...headers } });
}

/** The smallest valid PNG (1×1). */
export const PNG_1x1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
