import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { Side } from '../../../../common/trading.ts';
import { post } from '../../../api/request.ts';
import { showToast } from '../../../api/toast.ts';
import { formatNumericOnBlur, sanitizeNumericInput } from '../../../format/numeric-input.ts';
import { tradePath } from '../market.ts';
import { usePickedPrice } from '../price-store.ts';
import type { SpotSession } from '../spot-session.ts';
import { setTradeConfig, useTradeConfig } from '../trade-config.ts';
import { ConfirmOrder } from './confirm-order.tsx';
import {
  amountOf,
  checkOrder,
  ENTRY_KINDS,
  type EntryError,
  type EntryInput,
  type EntryKind,
  feeOf,
  type OrderBody,
  PERCENTS,
  percentOf,
  sizedByTotal,
  totalOf,
  valuationPrice,
} from './math.ts';
import './order-entry.css';

interface Coins {
  base: string;
  quote: string;
}

/**
 * The spot order form (spec trading §3 spot order, §5 numeric input): limit, market and stop-limit, buy and sell side
 * by side, sized by amount, total or a share of the balance; checked before sending, confirmed when the stored trade
 * config asks for it, the server's message shown on a refusal.
 */
export function OrderEntry(props: { symbol: string; coins: Coins; session: SpotSession | null }) {
  const { symbol, coins, session } = props;
  const { t } = useTranslation();
  const [kind, setKind] = useState<EntryKind>('limit');
  const [, navigate] = useLocation();
  const config = useTradeConfig();
  const [settingsOpen, setSettingsOpen] = useState(false);
  const titleId = useId();

  return (
    <section className="trade-panel trade-entry" aria-labelledby={titleId} data-kind={kind}>
      <header className="panel-head entry-head">
        <h2 id={titleId} className="sr-only">
          {t('trade.entry.title')}
        </h2>
        <div className="entry-kinds" role="tablist">
          {ENTRY_KINDS.map((k) => (
            <button key={k} type="button" role="tab" aria-selected={kind === k} onClick={() => setKind(k)}>
              {t(`trade.entry.${k}`)}
            </button>
          ))}
        </div>
        <div className="entry-settings">
          <button
            type="button"
            className="icon-button"
            aria-expanded={settingsOpen}
            aria-label={t('trade.entry.settings')}
            title={t('trade.entry.settings')}
            onClick={() => setSettingsOpen((o) => !o)}
          >
            ⚙
          </button>
          {settingsOpen && (
            <fieldset className="entry-settings-menu">
              <legend>{t('trade.entry.settings')}</legend>
              <label>
                <input
                  type="checkbox"
                  checked={config.marketConfirm}
                  onChange={(e) => setTradeConfig({ marketConfirm: e.target.checked })}
                />
                {t('trade.entry.marketConfirm')}
              </label>
              <label>
                <input
                  type="checkbox"
                  checked={config.orderConfirm}
                  onChange={(e) => setTradeConfig({ orderConfirm: e.target.checked })}
                />
                {t('trade.entry.orderConfirm')}
              </label>
            </fieldset>
          )}
        </div>
      </header>
      {session ? (
        <div className="entry-sides">
          <EntrySide
            key={`${symbol}:buy`}
            side={Side.buy}
            kind={kind}
            symbol={symbol}
            coins={coins}
            session={session}
          />
          <EntrySide
            key={`${symbol}:sell`}
            side={Side.sell}
            kind={kind}
            symbol={symbol}
            coins={coins}
            session={session}
          />
        </div>
      ) : (
        <div className="entry-visitor">
          <p>{t('trade.entry.loginToTrade')}</p>
          <button
            type="button"
            className="btn btn-primary btn-sm"
            onClick={() => navigate(`/login?fromUrl=${encodeURIComponent(tradePath(symbol))}`)}
          >
            {t('trade.entry.login')}
          </button>
          <button type="button" className="btn btn-ghost btn-sm" onClick={() => navigate('/register')}>
            {t('trade.entry.register')}
          </button>
        </div>
      )}
    </section>
  );
}

function EntrySide(props: { side: Side; kind: EntryKind; symbol: string; coins: Coins; session: SpotSession }) {
  const { side, kind, symbol, coins, session } = props;
  const { t } = useTranslation();
  const { account } = session;
  const buy = side === Side.buy;
  const name = buy ? 'buy' : 'sell';
  const [price, setPrice] = useState('');
  const [trigger, setTrigger] = useState('');
  const [amount, setAmount] = useState('');
  const [total, setTotal] = useState('');
  const [percent, setPercent] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [confirming, setConfirming] = useState<OrderBody | null>(null);
  const config = useTradeConfig();
  const picked = usePickedPrice(symbol);
  const ids = useId();

  const priceScale = account?.keepDecimalForCurrency ?? 8;
  const amountScale = account?.keepDecimalForCoin ?? 8;
  const totalScale = account?.keepDecimalForTotal ?? 8;
  const input: EntryInput = { side, kind, price, trigger, amount, total };
  const byTotal = sizedByTotal(side, kind);

  // The last price once known, so a limit order starts at the market.
  const seeded = useRef(false);
  useEffect(() => {
    if (seeded.current || !account) return;
    seeded.current = true;
    const last = account.currentExchangPrice;
    if (Number(last) > 0) setPrice(formatNumericOnBlur(last, account.keepDecimalForCurrency));
  }, [account]);

  // A click in the book fills the price (spec trading §2).
  useEffect(() => {
    if (picked) setPrice(picked.price);
  }, [picked]);

  const clearSize = () => {
    setAmount('');
    setTotal('');
    setPercent(0);
  };

  // A new kind keeps the price but not the size, which may mean another thing (a market buy's total).
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset on the kind only.
  useEffect(() => {
    clearSize();
    setError(null);
  }, [kind]);

  const shownTotal = byTotal
    ? total
    : total || (account ? totalOf(valuationPrice(input, account), amount, account) : '');

  const onPrice = (raw: string) => {
    const next = sanitizeNumericInput(raw, { decimals: priceScale });
    setPrice(next);
    setError(null);
    // The amount stays; the total follows the price.
    setTotal('');
  };
  const onAmount = (raw: string) => {
    setAmount(sanitizeNumericInput(raw, { decimals: amountScale }));
    setTotal('');
    setPercent(0);
    setError(null);
  };
  const onTotal = (raw: string) => {
    const next = sanitizeNumericInput(raw, { decimals: totalScale });
    setTotal(next);
    setPercent(0);
    setError(null);
    if (!byTotal && account) setAmount(amountOf(next, valuationPrice(input, account), account));
  };
  const onPercent = (value: number) => {
    setPercent(value);
    setError(null);
    if (!account) return;
    const size = value > 0 ? percentOf(input, value, account) : '';
    if (byTotal) setTotal(size);
    else {
      setAmount(size);
      setTotal('');
    }
  };

  const describe = (e: EntryError) => t(`trade.entry.errors.${e.key}`, { min: e.values?.min, coin: e.values?.coin });

  const send = async (body: OrderBody) => {
    setConfirming(null);
    setSending(true);
    const result = await post<unknown>('/exchange/order/add', { ...body });
    setSending(false);
    if (result.code !== 0 && result.code !== 200) {
      // The request layer toasts the server's message too; it stays here until the next edit.
      setError(result.msg || result.message);
      return;
    }
    showToast('success', t('trade.entry.placed'));
    clearSize();
    session.refresh();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!account || sending) {
      if (!account) setError(t('trade.entry.errors.account'));
      return;
    }
    const checked = checkOrder(input, account, coins);
    if (!checked.ok) {
      setError(describe(checked.error));
      return;
    }
    const ask = kind === 'market' ? config.marketConfirm : config.orderConfirm;
    if (ask) setConfirming(checked.body);
    else void send(checked.body);
  };

  const available = account ? (buy ? account.rmb : account.coinHotMoney) : '--';
  const fee = account ? feeOf(input, account) : '';
  const errorId = `${ids}-error`;

  return (
    <form className={`entry-side ${name}`} onSubmit={submit} noValidate data-side={name} aria-describedby={errorId}>
      <p className="entry-available">
        <span>{t('trade.entry.available')}</span>
        <output data-testid={`available-${name}`}>
          {available} {buy ? coins.quote : coins.base}
        </output>
      </p>
      {kind === 'stop' && (
        <NumberField
          id={`${ids}-trigger`}
          label={t('trade.entry.trigger')}
          unit={coins.quote}
          value={trigger}
          onChange={(raw) => {
            setTrigger(sanitizeNumericInput(raw, { decimals: priceScale }));
            setError(null);
          }}
          onBlur={() => setTrigger((v) => formatNumericOnBlur(v, priceScale))}
        />
      )}
      {kind === 'market' ? (
        <div className="entry-field disabled">
          <span>{t('trade.entry.price')}</span>
          <span className="entry-market-price">{t('trade.entry.marketPrice')}</span>
        </div>
      ) : (
        <NumberField
          id={`${ids}-price`}
          label={t('trade.entry.price')}
          unit={coins.quote}
          value={price}
          onChange={onPrice}
          onBlur={() => setPrice((v) => formatNumericOnBlur(v, priceScale))}
        />
      )}
      {!byTotal && (
        <NumberField
          id={`${ids}-amount`}
          label={t('trade.entry.amount')}
          unit={coins.base}
          value={amount}
          onChange={onAmount}
          onBlur={() => setAmount((v) => formatNumericOnBlur(v, amountScale))}
        />
      )}
      <div className="entry-percent">
        <input
          type="range"
          min={0}
          max={100}
          step={1}
          value={percent}
          aria-label={t('trade.entry.percent', { percent })}
          aria-valuetext={`${percent}%`}
          onChange={(e) => onPercent(Number(e.target.value))}
        />
        <div className="entry-percent-steps">
          {PERCENTS.map((p) => (
            <button
              key={p}
              type="button"
              aria-pressed={percent === p}
              title={t('trade.entry.percent', { percent: p })}
              onClick={() => onPercent(p)}
            >
              {p}%
            </button>
          ))}
        </div>
      </div>
      {kind !== 'market' || byTotal ? (
        <NumberField
          id={`${ids}-total`}
          label={t('trade.entry.total')}
          unit={coins.quote}
          value={shownTotal}
          onChange={onTotal}
          onBlur={() => setTotal((v) => (v ? formatNumericOnBlur(v, totalScale) : v))}
        />
      ) : null}
      <p className="entry-fee">
        <span>{t('trade.entry.fee')}</span>
        <output>{fee ? `${fee} ${buy ? coins.base : coins.quote}` : '--'}</output>
      </p>
      <p id={errorId} className="entry-error" role="alert">
        {error ?? ''}
      </p>
      <button type="submit" className={`entry-submit ${name}`} disabled={sending}>
        {sending ? t('trade.entry.placing') : t(`trade.entry.${name}`, { coin: coins.base })}
      </button>
      {confirming && (
        <ConfirmOrder
          body={confirming}
          kind={kind}
          coins={coins}
          total={account ? totalOf(valuationPrice(input, account), amount, account) || total : total}
          onConfirm={(dontAsk) => {
            if (dontAsk) setTradeConfig(kind === 'market' ? { marketConfirm: false } : { orderConfirm: false });
            void send(confirming);
          }}
          onCancel={() => setConfirming(null)}
        />
      )}
    </form>
  );
}

function NumberField(props: {
  id: string;
  label: string;
  unit: string;
  value: string;
  onChange: (raw: string) => void;
  onBlur: () => void;
}) {
  return (
    <label className="entry-field" htmlFor={props.id}>
      <span>{props.label}</span>
      <input
        id={props.id}
        // The name is the label alone, without the unit shown beside it.
        aria-label={props.label}
        inputMode="decimal"
        autoComplete="off"
        spellCheck={false}
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
        onBlur={props.onBlur}
      />
      <span className="entry-unit">{props.unit}</span>
    </label>
  );
}
