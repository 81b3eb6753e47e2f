import { isDeepStrictEqual } from 'node:util';
import type { FastifyInstance } from 'fastify';
import type { TSchema } from 'typebox';
import { Compile } from 'typebox/compile';
import { Value } from 'typebox/value';
import { ApiCode } from '../../common/api.ts';
import { API_SUCCESS } from './envelope.ts';

/** An answer that left its contract: what the route sent is not what its response schema says. */
export class ContractBreach extends Error {}

/** The test run's log is silent; a breach is worth a line on stderr beside the 500 it becomes. */
function breach(message: string): ContractBreach {
  console.error(`contract breach: ${message}`);
  return new ContractBreach(message);
}

/**
 * Answers leave as JSON.stringify writes them, as they would without schemas: the response schemas give the handlers
 * their types, not fast-json-stringify's habit of dropping fields a schema does not name. With `check` (the tests),
 * every success is held against its schema too: a wrong type or a field the contract does not declare is a breach.
 */
export function installResponses(app: FastifyInstance, { check }: { check: boolean }): void {
  app.setSerializerCompiler(({ schema, method, url }) => {
    if (!check) return (data) => JSON.stringify(data);
    const contract = schema as TSchema;
    // Compiled on the route's first answer: building the app (every test file does) compiles none of them.
    let validator: ReturnType<typeof Compile<TSchema>> | undefined;
    return (data) => {
      validator ??= Compile(contract);
      const text = JSON.stringify(data);
      const sent: unknown = JSON.parse(text);
      const code = (sent as { code?: unknown } | null)?.code;
      if (code !== ApiCode.ok && code !== API_SUCCESS) return text;
      const [error] = validator.Errors(sent);
      if (error) throw breach(`${method} ${url}: ${error.instancePath || '/'} ${error.message}`);
      if (!isDeepStrictEqual(Value.Clean(contract, structuredClone(sent)), sent)) {
        throw breach(`${method} ${url}: a field outside the contract in ${text.slice(0, 300)}`);
      }
      return text;
    };
  });
}
