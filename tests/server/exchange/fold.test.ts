import { afterEach, describe, expect, it } from 'vitest';
import { OrderType, Side } from '../../../common/trading.ts';
import { INSURANCE_ACCOUNT } from '../../../server/engine/contracts/wallet.ts';
import { foldBotLines } from '../../../server/exchange/fold.ts';
import { type Entry, FEES_ACCOUNT } from '../../../server/ledger/accounts.ts';
import { auditLedger } from '../../../server/ledger/audit.ts';
import { churn, closeHistory, type History, openHistory } from './retention-fixture.ts';

const BOT = 7;
const OTHER_BOT = 8;
const USER = 20;
const isBot = (id: number) => id === BOT || id === OTHER_BOT;

const line = (txn: string, kind: string, userId: number | null, account: string, coin: string, amount: number) =>
  ({ txn, kind, userId, account, coin, amount, time: 1 }) satisfies Entry;
/** `amount` of `coin` from one account to another: the two lines of a move. */
const move = (
  txn: string,
  kind: string,
  from: [number | null, string],
  to: [number | null, string],
  coin: string,
  amount: number,
) => [line(txn, kind, from[0], from[1], coin, -amount), line(txn, kind, to[0], to[1], coin, amount)];
const freeze = (txn: string, id: number, coin: string, amount: number) =>
  move(txn, 'freeze', [id, `user:${id}`], [id, `user:${id}:frozen`], coin, amount);
/** A spot trade: quote from the buyer's frozen part to the seller, base back, a fee from each to the fees account. */
const trade = (txn: string, buyer: number, seller: number) => [
  ...move(txn, 'trade', [buyer, `user:${buyer}:frozen`], [seller, `user:${seller}`], 'USDT', 500),
  ...move(txn, 'fee', [seller, `user:${seller}`], [null, FEES_ACCOUNT], 'USDT', 1),
  ...move(txn, 'trade', [seller, `user:${seller}:frozen`], [buyer, `user:${buyer}`], 'BTC', 10),
  ...move(txn, 'fee', [buyer, `user:${buyer}`], [null, FEES_ACCOUNT], 'BTC', 1),
];

/** Sum of the lines per account and coin, without the zeros. */
function sums(lines: readonly Entry[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const l of lines) out[`${l.account} ${l.coin}`] = (out[`${l.account} ${l.coin}`] ?? 0) + l.amount;
  for (const [k, v] of Object.entries(out)) if (v === 0) delete out[k];
  return out;
}

describe('foldBotLines', () => {
  it('returns the batch as it is when nothing in it is a bot’s churn', () => {
    const lines = [...freeze('order:1', USER, 'USDT', 900), ...trade('trade:1', USER, BOT)];
    expect(foldBotLines(lines, isBot, 'carry:batch:3', 5)).toBe(lines);
  });

  it('sums a bot’s reservations and the trades among bots into one carry, keeping every account’s sum', () => {
    const userLines = [...freeze('order:1', USER, 'USDT', 900), ...trade('trade:2', USER, BOT)];
    const lines = [
      ...freeze('order:2', BOT, 'USDT', 600),
      userLines[0],
      userLines[1],
      ...trade('trade:1', BOT, OTHER_BOT),
      ...userLines.slice(2),
      // Reserved and released in the same batch: nothing is left of it.
      ...freeze('order:3', OTHER_BOT, 'BTC', 40),
      ...move(
        'order:3',
        'unfreeze',
        [OTHER_BOT, `user:${OTHER_BOT}:frozen`],
        [OTHER_BOT, `user:${OTHER_BOT}`],
        'BTC',
        40,
      ),
    ] as Entry[];
    const folded = foldBotLines(lines, isBot, 'carry:batch:3', 5);
    expect(folded.slice(0, userLines.length)).toEqual(userLines);
    const carry = folded.slice(userLines.length);
    expect(carry.every((l) => l.txn === 'carry:batch:3' && l.kind === 'carry' && l.time === 5)).toBe(true);
    expect(carry.every((l) => l.amount !== 0)).toBe(true);
    expect(sums(folded)).toEqual(sums(lines));
    // The carry balances per coin, as each transaction in it did.
    for (const coin of ['USDT', 'BTC']) {
      expect(carry.filter((l) => l.coin === coin).reduce((a, l) => a + l.amount, 0)).toBe(0);
    }
    const fees = carry.find((l) => l.account === FEES_ACCOUNT && l.coin === 'USDT');
    expect(fees).toMatchObject({ userId: null, amount: 1 });
  });

  it('keeps whole a bots’ trade that touches another system account, and a bot’s lines outside spot and contracts', () => {
    const insured = [
      ...trade('swap-trade:4', BOT, OTHER_BOT),
      ...move('swap-trade:4', 'swap_insurance', [null, INSURANCE_ACCOUNT], [BOT, `user:${BOT}`], 'USDT', 3),
    ];
    const funds = move('order:9', 'freeze', [BOT, `user:${BOT}:funds`], [BOT, `user:${BOT}:funds:frozen`], 'USDT', 5);
    const lines = [...insured, ...funds];
    expect(foldBotLines(lines, isBot, 'carry:batch:4', 5)).toBe(lines);
  });
});

describe('the journal folding the bots’ lines', () => {
  let h: History;
  afterEach(() => closeHistory(h));

  it('writes carry lines for the bots’ churn and a user’s lines one by one, every transaction balanced', async () => {
    h = await openHistory(undefined, true);
    const [bot] = [...h.bots] as [number];
    const [user] = h.users as [number];
    await churn(h, 5);
    h.now += 10;
    await h.exchange.place({
      userId: user,
      symbol: 'BTC/USDT',
      side: Side.buy,
      type: OrderType.limit,
      price: 4_000_000,
      quantity: 500,
    });
    await h.exchange.place({
      userId: bot,
      symbol: 'BTC/USDT',
      side: Side.sell,
      type: OrderType.limit,
      price: 4_000_000,
      quantity: 200,
    });
    h.exchange.sync();
    const kinds = (userId: number) =>
      (
        h.sqlite.prepare('select distinct kind from ledger_entries where user_id = ? order by kind').all(userId) as {
          kind: string;
        }[]
      ).map((r) => r.kind);
    // The user's reservation and trade stay bills of their own; the bot's reservations are in carry lines.
    expect(kinds(user)).toEqual(['fee', 'freeze', 'test', 'trade']);
    expect(kinds(bot)).toEqual(['carry', 'fee', 'test', 'trade']);
    expect(auditLedger(h.sqlite)).toEqual({ unbalancedTxns: [], mismatches: [], negative: [] });
    h.exchange.accounts.assertConserved();
  });
});
