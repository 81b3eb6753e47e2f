// npm run deposit -- --email demo@tickstream.local --coin USDT --protocol TRC20 --amount 100 [--port 8080]
// The deposit simulator's server command (issue 9): sends a deposit to a user's address on the simulated chain of a
// running local server (non-production: /dev/assets/deposit). It is recorded pending and credited to the user's
// funding account once it has its network confirmations. Plain Node, no dependencies.
import { parseArgs } from 'node:util';

const USAGE = `usage: npm run deposit -- (--email <e-mail> | --uid <uid> | --address <address> [--memo <memo>])
                        [--coin <coin> --protocol <network>] --amount <amount> [--port <port>]

  --email, --uid     the user to credit (with --coin and --protocol; the address is made when there is none)
  --address, --memo  or one of the user's deposit addresses (and its memo or tag on memo networks)
  --coin, --protocol the coin and its network, e.g. USDT TRC20, BTC BTC, XRP XRP
  --amount           the amount, an exact decimal within the coin's decimals
  --port             the local server's port (default: $PORT or 8080); the server runs at 127.0.0.1
`;

function fail(message) {
  process.stderr.write(`✗ ${message}\n\n${USAGE}`);
  process.exit(2);
}

let values;
try {
  ({ values } = parseArgs({
    options: {
      email: { type: 'string' },
      uid: { type: 'string' },
      address: { type: 'string' },
      memo: { type: 'string' },
      coin: { type: 'string' },
      protocol: { type: 'string' },
      amount: { type: 'string' },
      port: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  }));
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
}
if (values.help) {
  process.stdout.write(USAGE);
  process.exit(0);
}
if (!values.amount) fail('--amount is required');
if (!values.address && !values.email && !values.uid) fail('say who receives it: --email, --uid or --address');
if (!values.address && (!values.coin || !values.protocol))
  fail('--coin and --protocol are required with --email or --uid');
const port = Number(values.port ?? process.env.PORT ?? 8080);
if (!Number.isInteger(port) || port <= 0 || port > 65535) fail(`bad port ${values.port}`);

const body = values.address
  ? { address: values.address, memo: values.memo, amount: values.amount }
  : { coin: values.coin, protocol: values.protocol, uid: values.uid, email: values.email, amount: values.amount };

const url = `http://127.0.0.1:${port}/dev/assets/deposit`;
let response;
try {
  response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', lang: 'en_US' },
    body: JSON.stringify(Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined))),
  });
} catch (error) {
  process.stderr.write(`✗ no Tickstream server answers at 127.0.0.1:${port} (${error.cause?.code ?? error.message})\n`);
  process.exit(1);
}
const envelope = await response.json().catch(() => null);
// Refusals answer HTTP 200 with a code; a 404 is the route itself missing.
if (response.status === 404) {
  process.stderr.write('✗ the server has no deposit simulator (production mode)\n');
  process.exit(1);
}
if (envelope?.code !== 0) {
  process.stderr.write(`✗ refused: ${envelope?.message ?? `HTTP ${response.status}`}\n`);
  process.exit(1);
}
const d = envelope.data;
process.stdout.write(
  [
    `✓ deposit #${d.id}: ${d.amount} ${d.coin} on ${d.protocol} to ${d.address}${d.memo ? ` (memo ${d.memo})` : ''}`,
    `  tx ${d.txHash}`,
    `  pending ${d.confirmations}/${d.requiredConfirmations} confirmations; credited to the funding account at ${d.requiredConfirmations}`,
    '',
  ].join('\n'),
);
