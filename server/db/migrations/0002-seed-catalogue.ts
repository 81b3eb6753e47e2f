import type { Kysely } from 'kysely';
import type { Database } from '../schema.ts';
import { coins, futuresSymbols, spotMarkets, swapContracts } from '../seed/catalogue.ts';

const flag = (value: boolean) => (value ? 1 : 0);

/** The market catalogue, seeded once at first start. Later changes to it come as new migrations. */
export async function up(untyped: Kysely<unknown>): Promise<void> {
  const db = untyped as Kysely<Database>;
  await db
    .insertInto('coins')
    .values(
      coins.map((c, sort) => ({
        unit: c.unit,
        name: c.name,
        decimals: c.decimals,
        usd_rate: c.usdRate,
        can_deposit: flag(c.canDeposit),
        can_withdraw: flag(c.canWithdraw),
        withdraw_fee: c.withdrawFee,
        min_withdraw: c.minWithdraw,
        sort,
      })),
    )
    .execute();
  await db
    .insertInto('spot_markets')
    .values(
      spotMarkets.map((m, sort) => ({
        symbol: `${m.base}/${m.quote}`,
        base: m.base,
        quote: m.quote,
        reference_price: m.price,
        price_scale: m.priceScale,
        amount_scale: m.amountScale,
        min_amount: m.minAmount,
        min_turnover: m.minTurnover,
        maker_fee: m.makerFee,
        taker_fee: m.takerFee,
        enabled: 1,
        sort,
      })),
    )
    .execute();
  await db
    .insertInto('swap_contracts')
    .values(
      swapContracts.map((c, sort) => ({
        symbol: `${c.base}/${c.quote}`,
        base: c.base,
        quote: c.quote,
        reference_price: c.price,
        price_scale: c.priceScale,
        contract_size: c.contractSize,
        min_volume: c.minVolume,
        max_leverage: c.maxLeverage,
        def_leverage: c.defLeverage,
        can_open_lv1000: flag(c.canOpenLv1000),
        maker_fee: c.makerFee,
        taker_fee: c.takerFee,
        enabled: 1,
        sort,
      })),
    )
    .execute();
  await db
    .insertInto('futures_symbols')
    .values(
      futuresSymbols.map((f, sort) => ({
        symbol: f.symbol,
        instrument_type: f.instrumentType,
        name: f.name,
        base_coin: f.baseCoin,
        quote_coin: f.quoteCoin,
        reference_price: f.price,
        base_decimal: f.baseDecimal,
        quote_decimal: f.quoteDecimal,
        index_scale: f.indexScale,
        max_leverage: f.maxLeverage,
        def_leverage: f.defLeverage,
        can_open_lv1000: flag(f.canOpenLv1000),
        maker_fee: f.makerFee,
        taker_fee: f.takerFee,
        min_volume: f.minVolume,
        enabled: 1,
        sort,
      })),
    )
    .execute();
}
