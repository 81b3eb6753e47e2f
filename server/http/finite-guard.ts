import type { FastifyInstance } from 'fastify';
import { ApiError } from '../errors/api-error.ts';

/** The path of the first number in a parsed input that is not finite ("1e309" and "Infinity" coerce to one). */
function nonFinite(value: unknown, path: string, depth = 0): string | null {
  if (typeof value === 'number') return Number.isFinite(value) ? null : path || 'body';
  if (value === null || typeof value !== 'object' || depth > 8) return null;
  for (const [key, item] of Object.entries(value)) {
    const found = nonFinite(item, path ? `${path}.${key}` : key, depth + 1);
    if (found !== null) return found;
  }
  return null;
}

/**
 * Refuses a request whose validated input holds Infinity or NaN. Ajv coerces "1e309" to Infinity and then skips the
 * range checks of a non-finite number, so a schema's maximum would let it through to SQLite (datatype mismatch, 500).
 */
export function installFiniteGuard(app: FastifyInstance): void {
  // A callback hook, not an async one: it runs before every handler (a promise apiece for nothing, issue 22 item 6).
  app.addHook('preHandler', (request, _reply, done) => {
    const field = nonFinite(request.query, '') ?? nonFinite(request.params, '') ?? nonFinite(request.body, '');
    done(field === null ? undefined : ApiError.invalidParam(field));
  });
}
