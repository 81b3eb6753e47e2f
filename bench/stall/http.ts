import { type StallSummary, summarize } from './probe.ts';

/**
 * Stalls of a running server as a client sees them: GET /health back to back (one at a time, every 10 ms at most,
 * on one kept-alive connection), timing each answer. While the server's event loop is held, the answer waits.
 */
export async function probeServer(url: string, seconds: number): Promise<StallSummary> {
  const latencies: number[] = [];
  const times: number[] = [];
  const started = performance.now();
  const until = started + seconds * 1000;
  while (performance.now() < until) {
    const start = performance.now();
    const res = await fetch(new URL('/health', url));
    await res.arrayBuffer();
    const ms = performance.now() - start;
    latencies.push(ms);
    times.push((start - started) / 1000);
    if (ms < 10) await new Promise((resolve) => setTimeout(resolve, 10 - ms));
  }
  // When the worst came (s from the start), to tell a minute's retention from the start-up or anything else.
  const worst = latencies.map((ms, i) => [ms, times[i] as number] as const).sort((a, b) => b[0] - a[0]);
  for (const [ms, at] of worst.slice(0, 5)) process.stderr.write(`stall: ${ms.toFixed(0)} ms at ${at.toFixed(1)} s\n`);
  return { ...summarize(latencies), maxInWindows: 0 };
}
