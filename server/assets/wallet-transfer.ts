import type { FastifyInstance } from 'fastify';
import { ApiCode } from '../../common/api.ts';
import type { TransferBalance, WalletTransferView } from '../../common/contracts/assets.ts';
import type { Page } from '../../common/contracts/envelope.ts';
import { fromUnits } from '../../common/decimal.ts';
import { sqliteOf } from '../db/database.ts';
import { logoOf } from '../exchange/catalogue.ts';
import { WALLETS, type Wallet } from '../ledger/accounts.ts';
import { type MovesDb, movesDb } from './moves-tables.ts';
import {
  type CoinInfo,
  coinCatalogue,
  coinOf,
  ledgerRefusal,
  Once,
  parseAmount,
  RecordIds,
  refuse,
} from './transfer-common.ts';
import { copyTradingEnabled, visibleWallets } from './wallet-view.ts';

/** Ledger kind of a move between two wallets of one user (the bills' transfer in 3 / out 4, spec trading §9). */
export const TRANSFER_KIND = 'transfer';

export interface WalletTransferInput {
  coin: string;
  amount: string;
  from: string;
  to: string;
  requestId?: string | undefined;
  /** The contract paths (/uc/future-transfer/transfer, /swap/wallet/trans): one side must be the contract wallet. */
  contractSide?: boolean;
}

export function isWallet(text: string): text is Wallet {
  return (WALLETS as readonly string[]).includes(text);
}

/** The two wallets a transfer names: known, different, and on the contract paths one of them the contract wallet. */
function walletsOf(input: WalletTransferInput): { from: Wallet; to: Wallet } {
  const from = input.from.trim().toLowerCase();
  const to = input.to.trim().toLowerCase();
  if (!isWallet(from)) throw refuse('movesUnknownWallet', { wallet: input.from.slice(0, 16) });
  if (!isWallet(to)) throw refuse('movesUnknownWallet', { wallet: input.to.slice(0, 16) });
  if (from === to) throw refuse('movesSameWallet');
  if (input.contractSide && from !== 'contract' && to !== 'contract') throw refuse('movesContractSide');
  return { from, to };
}

type TransferRow = {
  id: number;
  coin: string;
  amount: number;
  from_wallet: string;
  to_wallet: string;
  created_at: number;
};

/** A stored transfer as the API shows it: the amount in the coin's decimals. */
function view(r: TransferRow, coin: CoinInfo | undefined): WalletTransferView {
  return {
    id: r.id,
    coin: r.coin,
    amount: fromUnits(BigInt(r.amount), coin?.decimals ?? 0),
    from: r.from_wallet as Wallet,
    to: r.to_wallet as Wallet,
    createTime: r.created_at,
  };
}

/**
 * Wallet transfers (spec shell §7 "transfers /uc/asset-transfer/transfer, /uc/future-transfer/transfer,
 * /swap/wallet/trans"): available money of one coin from one of a user's wallets to another, as one ledger txn
 * `transfer:{id}` (kind `transfer`) whose record is written in the same SQLite transaction.
 */
export function walletTransfers(app: FastifyInstance) {
  const db: MovesDb = movesDb(app.store.db);
  const sqlite = sqliteOf(app.store.db);
  const catalogue = coinCatalogue(app);
  const ids = new RecordIds(sqlite, 'wallet_transfers');
  const once = new Once<WalletTransferView>();
  const insert = sqlite.prepare(
    'insert into wallet_transfers (id, user_id, coin, amount, from_wallet, to_wallet, request_id, created_at) values (?, ?, ?, ?, ?, ?, ?, ?)',
  );

  const byRequest = async (userId: number, requestId: string): Promise<WalletTransferView | null> => {
    const row = await db
      .selectFrom('wallet_transfers')
      .selectAll()
      .where('user_id', '=', userId)
      .where('request_id', '=', requestId)
      .executeTakeFirst();
    return row ? view(row, (await catalogue()).get(row.coin)) : null;
  };

  const move = async (userId: number, input: WalletTransferInput): Promise<WalletTransferView> => {
    const { from, to } = walletsOf(input);
    if ((from === 'follow' || to === 'follow') && !(await copyTradingEnabled(app))) {
      throw refuse('movesFollowDisabled', {}, ApiCode.forbidden);
    }
    const coin = await coinOf(catalogue, input.coin);
    const units = parseAmount(input.amount, coin);
    const available = BigInt(movable(app, userId, from, coin.unit));
    if (units > available) {
      throw refuse(
        'movesInsufficientIn',
        { coin: coin.unit, available: fromUnits(available, coin.decimals) },
        ApiCode.insufficientBalance,
      );
    }
    const id = ids.next();
    const now = app.clock();
    const amount = Number(units);
    try {
      await app.exchange.transact(
        `transfer:${id}`,
        [{ from: { userId, wallet: from }, to: { userId, wallet: to }, coin: coin.unit, amount, kind: TRANSFER_KIND }],
        () => insert.run(id, userId, coin.unit, amount, from, to, input.requestId ?? null, now),
      );
    } catch (error) {
      throw ledgerRefusal(error, coin.unit);
    }
    return view({ id, coin: coin.unit, amount, from_wallet: from, to_wallet: to, created_at: now }, coin);
  };

  return {
    /** Moves the money; a repeated requestId answers the first transfer instead of moving again. */
    transfer(userId: number, input: WalletTransferInput): Promise<WalletTransferView> {
      // A blank key is no key: it must never reach the unique (user, request id) index.
      const requestId = input.requestId?.trim() || undefined;
      if (!requestId) return move(userId, { ...input, requestId: undefined });
      return once.run(`${userId}:${requestId}`, async () => {
        return (await byRequest(userId, requestId)) ?? move(userId, { ...input, requestId });
      });
    },

    /** The user's transfers, newest first (spec shell §9: page size 10); coin and wallet filters. */
    async list(
      userId: number,
      query: { pageNo: number; pageSize: number; coin?: string | undefined; wallet?: string | undefined },
    ): Promise<Page<WalletTransferView>> {
      let base = db.selectFrom('wallet_transfers').where('user_id', '=', userId);
      const coin = query.coin?.trim().toUpperCase();
      if (coin) base = base.where('coin', '=', coin);
      const wallet = query.wallet?.trim().toLowerCase();
      if (wallet) {
        if (!isWallet(wallet)) throw refuse('movesUnknownWallet', { wallet: wallet.slice(0, 16) });
        base = base.where((eb) => eb.or([eb('from_wallet', '=', wallet), eb('to_wallet', '=', wallet)]));
      }
      const count = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      const rows = await base
        .selectAll()
        .orderBy('id', 'desc')
        .limit(query.pageSize)
        .offset((query.pageNo - 1) * query.pageSize)
        .execute();
      const coins = await catalogue();
      return {
        records: rows.map((r) => view(r, coins.get(r.coin))),
        total: Number(count.n),
        pageNo: query.pageNo,
        pageSize: query.pageSize,
      };
    },

    balances: (userId: number) => transferBalances(app, catalogue, userId),
  };
}
export type WalletTransfers = ReturnType<typeof walletTransfers>;

/**
 * What may leave a wallet: its available balance, except that the contract wallet keeps what its cross positions
 * commit (their initial margin and unrealised loss), so a transfer never takes the margin a position stands on.
 */
function movable(app: FastifyInstance, userId: number, wallet: Wallet, coin: string): number {
  const free = app.exchange.accounts.pocketAmount({ userId, wallet }, coin);
  const engine = app.exchange.swap.engine;
  // Only a settle coin backs positions; any other coin in the contract wallet moves freely.
  return wallet === 'contract' && engine.wallet(coin) ? Math.min(free, engine.freeToUse(userId, coin)) : free;
}

/** Every coin of the catalogue with what is available in each wallet the user may move between. */
async function transferBalances(
  app: FastifyInstance,
  catalogue: ReturnType<typeof coinCatalogue>,
  userId: number,
): Promise<{ wallets: Wallet[]; coins: TransferBalance[] }> {
  const wallets = await visibleWallets(app);
  const held = new Map(wallets.map((w) => [w, app.exchange.accounts.walletBalancesOf(userId, w)] as const));
  const coins: TransferBalance[] = [];
  for (const coin of (await catalogue()).values()) {
    const available: Partial<Record<Wallet, string>> = {};
    for (const w of wallets) {
      const free = held.get(w)?.get(coin.unit)?.available ?? 0;
      available[w] = fromUnits(BigInt(w === 'contract' ? movable(app, userId, w, coin.unit) : free), coin.decimals);
    }
    coins.push({ coin: coin.unit, name: coin.name, logoUrl: logoOf(coin.unit), decimals: coin.decimals, available });
  }
  return { wallets, coins };
}
