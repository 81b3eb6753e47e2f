import { type Static, Type } from 'typebox';

/**
 * The network diagnostic of spec shell §9: the client probes the login-check endpoint on the page's own host and on
 * the mirror hosts with a 5000 ms timeout each, then posts what it found to the logging host (this server).
 */
export const NETWORK_PATHS = {
  /** The mirror hosts to probe besides the page's own. */
  hosts: '/uc/network/hosts',
  /** Where a diagnostic's report goes (the server logs it). */
  diagnostic: '/uc/network/diagnostic',
  /** What is probed: the login check (spec shell §9 "login-check endpoints"). */
  probe: '/uc/check/login',
} as const;

/** spec shell §9: each probe waits at most 5000 ms. */
export const DIAGNOSTIC_TIMEOUT_MS = 5000;
/** Hosts one report may name: the page's own and the mirrors. */
export const MAX_DIAGNOSTIC_HOSTS = 8;

export const NetworkHostsSchema = Type.Object({ hosts: Type.Array(Type.String(), { maxItems: MAX_DIAGNOSTIC_HOSTS }) });
export type NetworkHosts = Static<typeof NetworkHostsSchema>;

/** Why a probe failed: no answer within the timeout, no connection, or an answer that is not the API's. */
export const ProbeFailureSchema = Type.Union([Type.Literal('timeout'), Type.Literal('network'), Type.Literal('http')]);
export type ProbeFailure = Static<typeof ProbeFailureSchema>;

export const ProbeResultSchema = Type.Object({
  host: Type.String({ minLength: 1, maxLength: 200 }),
  ok: Type.Boolean(),
  /** Time to the answer (or to the failure), ms. */
  ms: Type.Integer({ minimum: 0, maximum: 60_000 }),
  failure: Type.Optional(ProbeFailureSchema),
});
export type ProbeResult = Static<typeof ProbeResultSchema>;

/** A report: the probes, whether the browser thought it was online, and what started it. */
export const DiagnosticReportSchema = Type.Object({
  results: Type.Array(ProbeResultSchema, { minItems: 1, maxItems: MAX_DIAGNOSTIC_HOSTS }),
  online: Type.Boolean(),
  trigger: Type.Union([Type.Literal('manual'), Type.Literal('failure')]),
});
export type DiagnosticReport = Static<typeof DiagnosticReportSchema>;
