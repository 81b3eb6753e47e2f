import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ActionCode } from '../../../common/margin/codes.ts';
import { DEMO_ACCOUNT } from '../../../server/auth/demo.ts';
import { hashPassword } from '../../../server/auth/password.ts';
import { usersRepository } from '../../../server/auth/users-repository.ts';
import { CONTRACT_TEMPLATES } from '../../../server/db/migrations/0017-contract-messages.ts';
import { PlanStatus, type SwapPlan } from '../../../server/engine/contracts/plans.ts';
import type { SwapEvent } from '../../../server/engine/contracts/types.ts';
import { contractMessages } from '../../../server/swap/inbox.ts';
import { buildTestApp, createUser, type TestApp } from '../helpers.ts';

const USDT = 1_000_000;

describe('contract events in the message centre', () => {
  let t: TestApp;
  let demo: Record<string, string>;
  let other: Record<string, string>;
  let demoId = 0;

  const call = (url: string, headers: Record<string, string>, payload: Record<string, unknown> = {}) =>
    t.server.inject({ method: 'POST', url, headers: { lang: 'en_US', ...headers }, payload });
  const login = async (username: string, password: string) => {
    const res = await t.server.inject({ method: 'POST', url: '/uc/login', payload: { username, password } });
    return { 'x-auth-token': res.json().data.token as string };
  };
  const fund = (userId: number, amount: number) =>
    t.server.exchange.transact(
      `test:${userId}`,
      [{ from: { system: 'test' }, to: { userId, wallet: 'contract' }, coin: 'USDT', amount, kind: 'transfer' }],
      () => undefined,
    );

  beforeAll(async () => {
    t = await buildTestApp();
    demo = await login('demo', DEMO_ACCOUNT.password);
    demoId = (await usersRepository(t.db).findByUsername('demo'))?.id ?? 0;
    const otherId = await createUser(t.db, 'inbox-maker', await hashPassword('InboxMaker1'));
    other = await login('inbox-maker', 'InboxMaker1');
    await fund(demoId, 10_000 * USDT);
    await fund(otherId, 100_000 * USDT);
  }, 60_000);
  afterAll(() => t.close());

  it('a liquidation leaves a message in the user’s language, once', async () => {
    expect((await call('/swap/order/switch-pattern', demo, { symbol: 'BTC/USDT', marginModel: 2 })).json().code).toBe(
      0,
    );
    expect((await call('/swap/order/modify-leverage', demo, { symbol: 'BTC/USDT', leverage: 100 })).json().code).toBe(
      0,
    );
    const ask = { symbol: 'BTC/USDT', direction: 2, type: 1, entrustPrice: '95000.0', volume: 1000 };
    expect((await call('/swap/order/open', other, ask)).json().code).toBe(0);
    expect(
      (await call('/swap/order/open', demo, { symbol: 'BTC/USDT', direction: 1, type: 2, volume: 100 })).json().code,
    ).toBe(0);
    const pinned = await call('/swap/dev/index', demo, { symbol: 'BTC/USDT', price: '90000.0' });
    expect(pinned.json().code).toBe(0);
    expect((await call('/swap/position-list', demo)).json().data).toEqual([]);

    const titles = async (lang: string) => {
      const res = await t.server.inject({
        method: 'POST',
        url: '/uc/message/page',
        headers: { ...demo, lang },
        payload: {},
      });
      return (res.json().data.records as { title: string; content: string }[]).map((m) => [m.title, m.content]);
    };
    await expect.poll(async () => (await titles('en_US')).map(([title]) => title)).toContain('Position liquidated');
    const [, content] = (await titles('en_US')).find(([title]) => title === 'Position liquidated') ?? [];
    expect(content).toMatch(/^Your BTC\/USDT position of 100 contracts was liquidated at \d+\.\d\.$/);
    expect((await titles('zh_CN')).map(([title]) => title)).toContain('合约强平通知');
    expect((await titles('en_US')).filter(([title]) => title === 'Position liquidated')).toHaveLength(1);
  });

  it('means a message for a fired TP/SL, an ADL fill and a funding payment, and none for bots', () => {
    const plan = {
      id: 7,
      userId: 5,
      symbol: 'ETH/USDT',
      kind: 'takeProfit',
      status: PlanStatus.triggered,
      volume: 20,
      triggerPrice: 360_000,
    } as unknown as SwapPlan;
    const adlOrder = { userId: 5, symbol: 'ETH/USDT', action: ActionCode.autoDeleveraging };
    const events = [
      { type: 'plan', plan },
      {
        type: 'fill',
        tradeId: 9,
        order: adlOrder,
        maker: false,
        price: 350_000,
        contracts: 3,
        fee: 0,
        pnl: 0n,
        time: 1,
      },
      {
        type: 'funding',
        userId: 5,
        symbol: 'ETH/USDT',
        positionSide: 'both',
        positionId: 4,
        contracts: 20,
        amount: -1234,
        rate: 10_000n,
        mark: 340_000,
        time: 2,
      },
      {
        type: 'funding',
        userId: 6,
        symbol: 'ETH/USDT',
        positionSide: 'both',
        positionId: 5,
        contracts: 20,
        amount: 1234,
        rate: 10_000n,
        mark: 340_000,
        time: 2,
      },
    ] as unknown as SwapEvent[];
    const messages = contractMessages(t.server.exchange.swap, events, (id) => id === 5);
    expect(messages.map((m) => [m.template, m.params])).toEqual([
      [CONTRACT_TEMPLATES.tpsl, { symbol: 'ETH/USDT', volume: 20, price: '3600.00' }],
      [CONTRACT_TEMPLATES.adl, { symbol: 'ETH/USDT', volume: 3, price: '3500.00' }],
      [
        CONTRACT_TEMPLATES.funding,
        { symbol: 'ETH/USDT', volume: 20, amount: '-0.001234', coin: 'USDT', rate: '0.01%' },
      ],
    ]);
    expect(new Set(messages.map((m) => m.dedupeKey)).size).toBe(3);
  });
});
