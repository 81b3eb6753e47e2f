/**
 * The in-memory double-entry ledger the engine settles on. Every change is a set of entries that sums to zero per coin;
 * a user's money sits in two accounts, `user:{id}` (available) and `user:{id}:frozen` (reserved by open orders), and the
 * exchange's own in named system accounts (`fees`, `system:funding`, …). No user account ever goes below zero.
 * The journal drains `entries` and the dirty balances after each command batch and writes them in one transaction.
 */

/** One ledger line; amounts are integers of the coin's smallest unit. */
export interface Entry {
  txn: string;
  kind: string;
  /** The user of a user account; null for system accounts. */
  userId: number | null;
  account: string;
  coin: string;
  amount: number;
  time: number;
}

export interface Balance {
  readonly userId: number;
  readonly coin: string;
  available: number;
  frozen: number;
}

export const FEES_ACCOUNT = 'fees';

/**
 * A user's wallets (spec shell §3 "Balance rows"). `spot` is the wallet the engine trades from (`user:{id}`); the others
 * are `user:{id}:{wallet}` and `user:{id}:{wallet}:frozen`. Deposits land in and withdrawals leave from `funds`.
 */
export const WALLETS = ['funds', 'spot', 'contract', 'follow'] as const;
export type Wallet = (typeof WALLETS)[number];

/** A balance of a wallet other than spot. */
export interface WalletBalance {
  readonly userId: number;
  readonly wallet: Exclude<Wallet, 'spot'>;
  readonly coin: string;
  available: number;
  frozen: number;
}

/** Where a move takes money from or puts it: a part of a user's wallet, or a system account. */
export interface UserPocket {
  userId: number;
  wallet: Wallet;
  frozen?: boolean;
}
export type Pocket = UserPocket | { system: string };

/** One line pair of a transaction: `amount` (integer units, > 0) of `coin` from one pocket to another. */
export interface Move {
  from: Pocket;
  to: Pocket;
  coin: string;
  amount: number;
  /** The ledger kind of both lines (bills read it): deposit, withdraw, transfer, … */
  kind: string;
}

export class InsufficientFunds extends Error {}

export class Accounts {
  private readonly users = new Map<number, Map<string, Balance>>();
  private readonly system = new Map<string, Map<string, number>>();
  /** Entries written since the journal last drained them. */
  entries: Entry[] = [];
  /** Balances changed since the journal last drained them. */
  readonly dirty = new Set<Balance>();
  readonly dirtySystem = new Set<string>();
  private readonly wallets = new Map<number, Map<string, WalletBalance>>();
  readonly dirtyWallets = new Set<WalletBalance>();
  /** `user:{id}` and `user:{id}:frozen`, made once per user: ledger lines are written on the hot path. */
  private readonly names = new Map<number, readonly [string, string]>();

  private accountsOf(userId: number): readonly [available: string, frozen: string] {
    let names = this.names.get(userId);
    if (!names) {
      names = [`user:${userId}`, `user:${userId}:frozen`];
      this.names.set(userId, names);
    }
    return names;
  }

  balance(userId: number, coin: string): Balance {
    let coins = this.users.get(userId);
    if (!coins) {
      coins = new Map();
      this.users.set(userId, coins);
    }
    let balance = coins.get(coin);
    if (!balance) {
      balance = { userId, coin, available: 0, frozen: 0 };
      coins.set(coin, balance);
    }
    return balance;
  }

  /** A user's balances, or an empty map. */
  balancesOf(userId: number): ReadonlyMap<string, Balance> {
    return this.users.get(userId) ?? new Map();
  }

  /** A user's balance of `coin` in a wallet other than spot (created empty when missing). */
  walletBalance(userId: number, wallet: Exclude<Wallet, 'spot'>, coin: string): WalletBalance {
    let coins = this.wallets.get(userId);
    if (!coins) {
      coins = new Map();
      this.wallets.set(userId, coins);
    }
    const key = `${wallet}\u0000${coin}`;
    let balance = coins.get(key);
    if (!balance) {
      balance = { userId, wallet, coin, available: 0, frozen: 0 };
      coins.set(key, balance);
    }
    return balance;
  }

  /** A user's balances in one wallet, by coin (spot included), without creating any. */
  walletBalancesOf(userId: number, wallet: Wallet): Map<string, { available: number; frozen: number }> {
    const out = new Map<string, { available: number; frozen: number }>();
    if (wallet === 'spot') {
      for (const [coin, b] of this.balancesOf(userId)) out.set(coin, b);
      return out;
    }
    for (const b of this.wallets.get(userId)?.values() ?? []) if (b.wallet === wallet) out.set(b.coin, b);
    return out;
  }

  restoreWallet(
    userId: number,
    wallet: Exclude<Wallet, 'spot'>,
    coin: string,
    available: number,
    frozen: number,
  ): void {
    const balance = this.walletBalance(userId, wallet, coin);
    balance.available = available;
    balance.frozen = frozen;
  }

  /**
   * Applies `moves` as one transaction `txn`: all of them or, when a user pocket would go below zero or an amount is
   * not a positive safe integer, none (InsufficientFunds / RangeError, nothing changed). Two ledger lines per move.
   */
  transfer(txn: string, time: number, moves: readonly Move[]): void {
    // Checked in full first: the net change of every user pocket must leave it at zero or more.
    const net = new Map<string, { pocket: UserPocket; coin: string; delta: number }>();
    const add = (pocket: Pocket, coin: string, delta: number) => {
      if (!('userId' in pocket)) return;
      const key = `${pocket.userId}\u0000${pocket.wallet}\u0000${pocket.frozen ? 1 : 0}\u0000${coin}`;
      const n = net.get(key);
      if (n) n.delta += delta;
      else net.set(key, { pocket, coin, delta });
    };
    for (const m of moves) {
      positive(m.amount);
      if (samePocket(m.from, m.to)) throw new RangeError('a move needs two different pockets');
      add(m.from, m.coin, -m.amount);
      add(m.to, m.coin, m.amount);
    }
    for (const { pocket, coin, delta } of net.values()) {
      if (this.pocketAmount(pocket, coin) + delta < 0) {
        throw new InsufficientFunds(`user ${pocket.userId} has too little ${coin} in ${pocket.wallet}`);
      }
    }
    for (const m of moves) {
      this.apply(m.from, m.coin, -m.amount, txn, m.kind, time);
      this.apply(m.to, m.coin, m.amount, txn, m.kind, time);
    }
  }

  /**
   * One move as its own transaction lines: the same checks as {@link transfer} (positive amount, two pockets, the
   * source not below zero) without building the net of many moves, for the engines' hot paths.
   */
  move(txn: string, time: number, m: Move): void {
    positive(m.amount);
    if (samePocket(m.from, m.to)) throw new RangeError('a move needs two different pockets');
    if ('userId' in m.from && this.pocketAmount(m.from, m.coin) < m.amount) {
      throw new InsufficientFunds(`user ${m.from.userId} has too little ${m.coin} in ${m.from.wallet}`);
    }
    this.apply(m.from, m.coin, -m.amount, txn, m.kind, time);
    this.apply(m.to, m.coin, m.amount, txn, m.kind, time);
  }

  /** What a user pocket holds now (0 when it has never held anything). */
  pocketAmount(pocket: UserPocket, coin: string): number {
    const b =
      pocket.wallet === 'spot'
        ? this.users.get(pocket.userId)?.get(coin)
        : this.wallets.get(pocket.userId)?.get(`${pocket.wallet}\u0000${coin}`);
    if (!b) return 0;
    return pocket.frozen ? b.frozen : b.available;
  }

  private apply(pocket: Pocket, coin: string, amount: number, txn: string, kind: string, time: number): void {
    if (!('userId' in pocket)) {
      this.addSystem(pocket.system, coin, amount, true);
      this.entries.push({ txn, kind, userId: null, account: pocket.system, coin, amount, time });
      return;
    }
    const { userId, wallet } = pocket;
    let account: string;
    if (wallet === 'spot') {
      const b = this.balance(userId, coin);
      if (pocket.frozen) b.frozen += amount;
      else b.available += amount;
      this.dirty.add(b);
      account = this.accountsOf(userId)[pocket.frozen ? 1 : 0];
    } else {
      const b = this.walletBalance(userId, wallet, coin);
      if (pocket.frozen) b.frozen += amount;
      else b.available += amount;
      this.dirtyWallets.add(b);
      account = pocket.frozen ? `user:${userId}:${wallet}:frozen` : `user:${userId}:${wallet}`;
    }
    this.entries.push({ txn, kind, userId, account, coin, amount, time });
  }

  systemBalance(account: string, coin: string): number {
    return this.system.get(account)?.get(coin) ?? 0;
  }

  /** Puts a stored balance back at start (no entry: the entries that made it are already stored). */
  restore(userId: number, coin: string, available: number, frozen: number): void {
    const balance = this.balance(userId, coin);
    balance.available = available;
    balance.frozen = frozen;
  }

  restoreSystem(account: string, coin: string, amount: number): void {
    this.addSystem(account, coin, amount, false);
  }

  /** Money from a system account (deposit, funding) to a user's available balance. */
  credit(userId: number, coin: string, amount: number, from: string, txn: string, kind: string, time: number): void {
    positive(amount);
    const balance = this.balance(userId, coin);
    balance.available += amount;
    this.dirty.add(balance);
    this.addSystem(from, coin, -amount, true);
    this.entries.push(
      { txn, kind, userId, account: this.accountsOf(userId)[0], coin, amount, time },
      { txn, kind, userId: null, account: from, coin, amount: -amount, time },
    );
  }

  /** Reserves `amount` of a user's available balance; false (and no change) when it is not there. */
  freeze(userId: number, coin: string, amount: number, txn: string, time: number): boolean {
    positive(amount);
    // Looked up, not created: a refused freeze must not leave an empty balance row behind.
    const balance = this.users.get(userId)?.get(coin);
    if (!balance || balance.available < amount) return false;
    balance.available -= amount;
    balance.frozen += amount;
    this.dirty.add(balance);
    const [available, frozen] = this.accountsOf(userId);
    this.entries.push(
      { txn, kind: 'freeze', userId, account: available, coin, amount: -amount, time },
      { txn, kind: 'freeze', userId, account: frozen, coin, amount, time },
    );
    return true;
  }

  unfreeze(userId: number, coin: string, amount: number, txn: string, time: number): void {
    if (amount === 0) return;
    positive(amount);
    const balance = this.users.get(userId)?.get(coin);
    if (!balance || balance.frozen < amount) {
      throw new InsufficientFunds(`user ${userId} has ${balance?.frozen ?? 0} ${coin} frozen`);
    }
    balance.frozen -= amount;
    balance.available += amount;
    this.dirty.add(balance);
    const [available, frozen] = this.accountsOf(userId);
    this.entries.push(
      { txn, kind: 'unfreeze', userId, account: frozen, coin, amount: -amount, time },
      { txn, kind: 'unfreeze', userId, account: available, coin, amount, time },
    );
  }

  /**
   * Pays `amount` out of `payer`'s frozen balance to `payee`, who gives `fee` of it to the fees account: one side of a
   * trade. Four entries (two when there is no fee).
   */
  payFromFrozen(
    payer: number,
    payee: number,
    coin: string,
    amount: number,
    fee: number,
    txn: string,
    time: number,
  ): void {
    if (amount === 0) return;
    positive(amount);
    // The fee comes out of what the payee receives: more than that would drive the payee's balance below zero.
    if (!Number.isSafeInteger(fee) || fee < 0 || fee > amount) throw new RangeError(`bad fee ${fee} of ${amount}`);
    const from = this.users.get(payer)?.get(coin);
    if (!from || from.frozen < amount)
      throw new InsufficientFunds(`user ${payer} has ${from?.frozen ?? 0} ${coin} frozen`);
    const to = this.balance(payee, coin);
    from.frozen -= amount;
    to.available += amount - fee;
    this.dirty.add(from);
    this.dirty.add(to);
    const payeeAccount = this.accountsOf(payee)[0];
    this.entries.push(
      { txn, kind: 'trade', userId: payer, account: this.accountsOf(payer)[1], coin, amount: -amount, time },
      { txn, kind: 'trade', userId: payee, account: payeeAccount, coin, amount, time },
    );
    // The fee is its own pair of lines, so a bill shows the trade and the fee apart.
    if (fee > 0) {
      this.addSystem(FEES_ACCOUNT, coin, fee, true);
      this.entries.push(
        { txn, kind: 'fee', userId: payee, account: payeeAccount, coin, amount: -fee, time },
        { txn, kind: 'fee', userId: null, account: FEES_ACCOUNT, coin, amount: fee, time },
      );
    }
  }

  /**
   * Conservation per coin: user available + frozen + every system account sums to zero, because each system account
   * holds the negative of what it put in (deposits − withdrawals = balances + frozen + fees collected).
   */
  totals(): Map<string, { available: number; frozen: number; fees: number; external: number }> {
    const totals = new Map<string, { available: number; frozen: number; fees: number; external: number }>();
    const of = (coin: string) => {
      let t = totals.get(coin);
      if (!t) {
        t = { available: 0, frozen: 0, fees: 0, external: 0 };
        totals.set(coin, t);
      }
      return t;
    };
    for (const coins of this.users.values()) {
      for (const b of coins.values()) {
        if (b.available < 0 || b.frozen < 0) throw new InsufficientFunds(`negative balance of user ${b.userId}`);
        const t = of(b.coin);
        t.available += b.available;
        t.frozen += b.frozen;
      }
    }
    for (const coins of this.wallets.values()) {
      for (const b of coins.values()) {
        if (b.available < 0 || b.frozen < 0)
          throw new InsufficientFunds(`negative ${b.wallet} balance of user ${b.userId}`);
        const t = of(b.coin);
        t.available += b.available;
        t.frozen += b.frozen;
      }
    }
    for (const [account, coins] of this.system) {
      for (const [coin, amount] of coins) {
        const t = of(coin);
        if (account === FEES_ACCOUNT) t.fees += amount;
        else t.external -= amount;
      }
    }
    return totals;
  }

  /** Throws unless every coin is conserved and no balance is negative. */
  assertConserved(): void {
    for (const [coin, t] of this.totals()) {
      if (t.external !== t.available + t.frozen + t.fees) {
        throw new Error(`${coin} not conserved: in ${t.external}, held ${t.available}+${t.frozen}+${t.fees}`);
      }
    }
  }

  private addSystem(account: string, coin: string, amount: number, dirty: boolean): void {
    let coins = this.system.get(account);
    if (!coins) {
      coins = new Map();
      this.system.set(account, coins);
    }
    coins.set(coin, (coins.get(coin) ?? 0) + amount);
    if (dirty) this.dirtySystem.add(`${account}\u0000${coin}`);
  }
}

function samePocket(a: Pocket, b: Pocket): boolean {
  if ('system' in a || 'system' in b) return 'system' in a && 'system' in b && a.system === b.system;
  return a.userId === b.userId && a.wallet === b.wallet && !a.frozen === !b.frozen;
}

function positive(amount: number): void {
  if (!Number.isSafeInteger(amount) || amount <= 0) throw new RangeError(`bad ledger amount ${amount}`);
}
