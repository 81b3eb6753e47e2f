import {
  DIAGNOSTIC_TIMEOUT_MS,
  type DiagnosticReport,
  MAX_DIAGNOSTIC_HOSTS,
  NETWORK_PATHS,
  type NetworkHosts,
  type ProbeResult,
} from '../../common/contracts/network.ts';
import { requestHeaders, signedUrl } from '../../common/request-context.ts';
import { get, type Params, postJson, requestContext } from './request.ts';

/** What a probe needs from the page: a fetch and a clock (tests give their own). */
export interface ProbeDeps {
  fetcher: typeof fetch;
  now: () => number;
}

const realDeps = (): ProbeDeps => ({ fetcher: (...args) => fetch(...args), now: () => performance.now() });

/**
 * One probe of spec shell §9: the login check on `host`, answered within {@link DIAGNOSTIC_TIMEOUT_MS}. The page's
 * own host must answer with the API's envelope; a mirror of another origin is only asked whether it answers at all
 * (its reply is opaque to the page).
 */
export async function probeHost(host: string, own: boolean, deps: ProbeDeps = realDeps()): Promise<ProbeResult> {
  const started = deps.now();
  const elapsed = () => Math.min(60_000, Math.max(0, Math.round(deps.now() - started)));
  const ctx = requestContext();
  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(), DIAGNOSTIC_TIMEOUT_MS);
  try {
    const url = signedUrl(`${host}${NETWORK_PATHS.probe}`, ctx, Date.now());
    const init: RequestInit = own
      ? { headers: requestHeaders(ctx), signal: timeout.signal }
      : { mode: 'no-cors', signal: timeout.signal };
    const response = await deps.fetcher(url, init);
    if (!own) return { host, ok: true, ms: elapsed() };
    const body = (await response.json().catch(() => null)) as { code?: unknown } | null;
    if (typeof body?.code === 'number') return { host, ok: true, ms: elapsed() };
    return { host, ok: false, ms: elapsed(), failure: 'http' };
  } catch {
    return { host, ok: false, ms: elapsed(), failure: timeout.signal.aborted ? 'timeout' : 'network' };
  } finally {
    clearTimeout(timer);
  }
}

/** The page's own host first, then the server's mirrors (each once). */
export function diagnosticHosts(origin: string, mirrors: readonly string[]): string[] {
  return [...new Set([origin, ...mirrors])].slice(0, MAX_DIAGNOSTIC_HOSTS);
}

/**
 * The network diagnostic (spec shell §9): probes every host at once, then posts the report to the logging host (the
 * server). Resolves with the results for the screen even when the report cannot be sent.
 */
export async function runDiagnostic(origin: string, online: boolean, deps: ProbeDeps = realDeps()) {
  const quiet = { silent: true } as const;
  const mirrors = await get<NetworkHosts>(NETWORK_PATHS.hosts, {}, quiet);
  const hosts = diagnosticHosts(origin, mirrors.data?.hosts ?? []);
  const results = await Promise.all(hosts.map((host) => probeHost(host, host === origin, deps)));
  const report: DiagnosticReport = { results, online, trigger: 'manual' };
  // The request layer's params are flat on their type; a JSON post carries the nested report as it is.
  const sent = await postJson<null>(NETWORK_PATHS.diagnostic, report as unknown as Params, quiet);
  return { results, reported: sent.code === 0 };
}
