import { Agent, request } from 'node:http';
import { type Outcome, orderForm } from './flow.ts';

export interface LoadOptions {
  port: number;
  tokens: readonly string[];
  /** Seconds of load before the measured window (JIT, caches, the first batches). */
  warmup: number;
  seconds: number;
  /** `http`: node:http with a kept-alive agent (cheap, so the client leaves the CPU to the server); `fetch`: undici. */
  client: 'http' | 'fetch';
  /** Called once the warm-up is over, as the measured window starts. */
  onMeasure?: () => void;
}

type Post = (token: string, body: string) => Promise<string>;

function httpPost(port: number, clients: number): Post {
  // No Nagle delay on the request's segments, as undici (fetch) sets too.
  const agent = new Agent({ keepAlive: true, maxSockets: clients, noDelay: true });
  return (token, body) =>
    new Promise((resolve, reject) => {
      const req = request(
        {
          agent,
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/exchange/order/add',
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
            'x-auth-token': token,
          },
        },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => {
            text += chunk;
          });
          res.on('end', () => resolve(text));
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(body);
    });
}

function fetchPost(port: number): Post {
  const url = `http://127.0.0.1:${port}/exchange/order/add`;
  return async (token, body) => {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-auth-token': token },
      body,
    });
    return res.text();
  };
}

/**
 * One client per token, each posting its next order as soon as the last is answered (one request in flight per
 * client, on its own kept-alive connection), for the warm-up and then `seconds`. An order counts as acknowledged when
 * it answers code 0; its latency is from the request's start to the end of the answer.
 */
export async function load(options: LoadOptions): Promise<Outcome> {
  const post = options.client === 'fetch' ? fetchPost(options.port) : httpPost(options.port, options.tokens.length);
  const latencies: number[] = [];
  let acknowledged = 0;
  let refused = 0;
  let measuring = false;
  const start = performance.now();
  const measureAt = start + options.warmup * 1000;
  const endAt = measureAt + options.seconds * 1000;
  const codes = new Map<number, number>();
  let cpu: NodeJS.CpuUsage | null = null;
  const client = async (k: number) => {
    const token = options.tokens[k] as string;
    const body = orderForm(k);
    for (;;) {
      const sent = performance.now();
      if (sent >= endAt) return;
      if (!measuring && sent >= measureAt) {
        measuring = true;
        cpu = process.cpuUsage();
        options.onMeasure?.();
      }
      const text = await post(token, body);
      if (!measuring || sent < measureAt) continue;
      const code = (JSON.parse(text) as { code: number }).code;
      if (code === 0) {
        acknowledged++;
        latencies.push(performance.now() - sent);
      } else {
        refused++;
        codes.set(code, (codes.get(code) ?? 0) + 1);
      }
    }
  };
  await Promise.all(options.tokens.map((_, k) => client(k)));
  const used = process.cpuUsage(cpu ?? undefined);
  if (codes.size > 0) process.stderr.write(`orders: refusals by code ${JSON.stringify([...codes])}\n`);
  const clientCpuMs = (used.user + used.system) / 1000;
  return { acknowledged, refused, seconds: options.seconds, latencies, clientCpuMs };
}
