import { rmSync } from 'node:fs';
import { openDatabase } from '../../server/db/database.ts';
import { Exchange } from '../../server/exchange/index.ts';
import { freshDir, fundedUsers, type Outcome, placeCommand } from './flow.ts';

/**
 * The engine-only figure: the same orders through the running exchange without HTTP (matching, ledger, the SQLite
 * journal's group commit; acknowledged when committed, as the route awaits it), `inFlight` commands at a time: one
 * per client is what the HTTP row asks of it, a thousand is the burst bench/engine measures.
 */
export async function engineOnly(options: {
  clients: number;
  inFlight: number;
  warmup: number;
  seconds: number;
}): Promise<Outcome> {
  const dir = freshDir();
  const db = await openDatabase(dir);
  try {
    const exchange = await Exchange.open(db, { clock: Date.now });
    const ids = await fundedUsers(db, exchange, options.clients);
    const latencies: number[] = [];
    let acknowledged = 0;
    let refused = 0;
    const measureAt = performance.now() + options.warmup * 1000;
    const endAt = measureAt + options.seconds * 1000;
    let cpu: NodeJS.CpuUsage | null = null;
    const lane = async (n: number) => {
      const k = n % options.clients;
      const command = placeCommand(k, ids[k] as number);
      for (;;) {
        const sent = performance.now();
        if (sent >= endAt) return;
        const result = await exchange.place(command);
        if (sent < measureAt) continue;
        cpu ??= process.cpuUsage();
        if (result.ok) {
          acknowledged++;
          latencies.push(performance.now() - sent);
        } else refused++;
      }
    };
    await Promise.all(Array.from({ length: options.inFlight }, (_, n) => lane(n)));
    const used = process.cpuUsage(cpu ?? undefined);
    exchange.close();
    const cpuMs = (used.user + used.system) / 1000;
    return { acknowledged, refused, seconds: options.seconds, latencies, cpuMs };
  } finally {
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  }
}
