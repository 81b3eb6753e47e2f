import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isSuccess } from '../../../api/request.ts';
import { AmountInput } from '../transfer/amount-input.tsx';
import { CoinPicker } from '../transfer/coin-picker.tsx';
import { amountRule } from '../transfer/logic.ts';
import {
  type ConvertCoin,
  type ConvertPrice,
  type ConvertRecord,
  convertAtQuote,
  loadConvertCoins,
  loadPrice,
} from './api.ts';
import { ConvertHistory } from './convert-history.tsx';
import { defaultPair, PRICE_DEBOUNCE_MS, quoteFits, REFRESH_MARGIN_MS, rateText, spreadPercent } from './logic.ts';
import '../transfer/moves.css';

/**
 * The convert dialog's body (spec shell §7 "quick exchange price and add"): from and to coins of the spot wallet with
 * a swap, the amount with max, the live rate and what it buys (asked again before each quote runs out), convert at
 * that quote, and the result. The dialog that holds it (the assets overview) closes it through `onClose`.
 */
export function QuickExchangePanel({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const [coins, setCoins] = useState<ConvertCoin[]>([]);
  const [pair, setPair] = useState<{ from: string; to: string } | null>(null);
  const [amount, setAmount] = useState('');
  const [quote, setQuote] = useState<ConvertPrice | null>(null);
  const [quoteError, setQuoteError] = useState<string | null>(null);
  const [quoting, setQuoting] = useState(false);
  const [receivedAt, setReceivedAt] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  const [refresh, setRefresh] = useState(0);
  const [checked, setChecked] = useState(false);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<ConvertRecord | null>(null);
  const [history, setHistory] = useState(false);
  const asked = useRef('');

  const refreshCoins = useCallback(async () => {
    const r = await loadConvertCoins();
    if (!isSuccess(r.code) || !r.data) return;
    const list = r.data;
    setCoins(list);
    setPair((p) => p ?? defaultPair(list));
  }, []);
  useEffect(() => {
    void refreshCoins();
  }, [refreshCoins]);

  const from = coins.find((c) => c.coin === pair?.from);
  const to = coins.find((c) => c.coin === pair?.to);
  const decimals = from?.decimals ?? 8;
  const rule = amountRule(amount, decimals, from?.available ?? null);

  // The price for what is on screen: at once when only time passed, after a pause while the amount is being typed.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `refresh` asks again for the same inputs.
  useEffect(() => {
    if (!pair || result || pair.from === pair.to) return;
    const typed = amount.trim().replace(/\.$/, '');
    const priced = amountRule(typed, decimals, null) === null ? typed : '';
    const key = `${pair.from}|${pair.to}|${priced}`;
    const controller = new AbortController();
    const timer = setTimeout(
      () => {
        asked.current = key;
        setQuoting(true);
        void loadPrice(pair.from, pair.to, priced, controller.signal).then((r) => {
          setQuoting(false);
          if (controller.signal.aborted) return;
          if (isSuccess(r.code) && r.data) {
            setQuote(r.data);
            setQuoteError(null);
            setReceivedAt(Date.now());
          } else {
            setQuote(null);
            setQuoteError(r.message);
          }
        });
      },
      key === asked.current ? 0 : PRICE_DEBOUNCE_MS,
    );
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [pair, amount, decimals, refresh, result]);

  // A countdown to the next price, which comes before the quote on screen runs out.
  useEffect(() => {
    if (!quote || result) return;
    const due = receivedAt + quote.validMs - REFRESH_MARGIN_MS;
    const tick = setInterval(() => {
      const n = Date.now();
      setNow(n);
      if (n >= due) setRefresh((r) => r + 1);
    }, 1000);
    return () => clearInterval(tick);
  }, [quote, receivedAt, result]);

  const fits = !!pair && quoteFits(quote, pair.from, pair.to, amount);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setChecked(true);
    if (!pair || rule || busy || !fits || !quote?.quoteId || !quote.amount) return;
    setBusy(true);
    const r = await convertAtQuote({ from: pair.from, to: pair.to, amount: quote.amount, quoteId: quote.quoteId });
    setBusy(false);
    if (isSuccess(r.code) && r.data) {
      setResult(r.data);
      void refreshCoins();
    } else {
      // An expired or refused quote: a fresh price at once.
      setRefresh((n) => n + 1);
    }
  };
  const again = () => {
    setResult(null);
    setAmount('');
    setQuote(null);
    setChecked(false);
    asked.current = '';
  };

  // The dialog around the panel has its own close control; the panel closes it once a conversion is done.
  const head = (
    <div>
      <h2 className="mv-subtitle">{t('moves.convert.title')}</h2>
      <p className="mv-muted">{t('moves.convert.subtitle')}</p>
    </div>
  );

  if (result) {
    return (
      <div className="mv-panel" data-testid="quick-exchange">
        {head}
        <div className="mv-result" role="status" data-testid="convert-result">
          <span className="mv-result-mark" aria-hidden="true">
            ✓
          </span>
          <strong>{t('moves.convert.doneTitle')}</strong>
          <span className="mv-num">
            {result.amount} {result.from} → {result.receive} {result.to}
          </span>
        </div>
        <div className="mv-actions">
          <button type="button" className="btn btn-ghost" onClick={again}>
            {t('moves.convert.again')}
          </button>
          <button type="button" className="btn btn-primary" onClick={onClose}>
            {t('moves.convert.close')}
          </button>
        </div>
      </div>
    );
  }

  const seconds = quote ? Math.max(0, Math.ceil((receivedAt + quote.validMs - REFRESH_MARGIN_MS - now) / 1000)) : 0;
  const priceFits = quote && pair && quote.from === pair.from && quote.to === pair.to;
  return (
    <form className="mv-panel" onSubmit={(e) => void submit(e)} noValidate data-testid="quick-exchange">
      {head}
      {!pair ? <p className="mv-state">{t('moves.loading')}</p> : null}
      {pair ? (
        <>
          <div className="mv-sides">
            <div className="mv-grow">
              <CoinPicker
                label={t('moves.convert.from')}
                testId="convert-from"
                coins={coins}
                value={pair.from}
                onChange={(c) =>
                  setPair((p) => (p && c === p.to ? { from: c, to: p.from } : { to: p?.to ?? 'USDT', from: c }))
                }
              />
            </div>
            <button
              type="button"
              className="mv-swap"
              aria-label={t('moves.convert.swap')}
              title={t('moves.convert.swap')}
              data-testid="convert-swap"
              onClick={() => {
                setPair((p) => (p ? { from: p.to, to: p.from } : p));
                setAmount('');
              }}
            >
              ⇄
            </button>
            <div className="mv-grow">
              <CoinPicker
                label={t('moves.convert.to')}
                testId="convert-to"
                coins={coins}
                value={pair.to}
                onChange={(c) =>
                  setPair((p) => (p && c === p.from ? { from: p.to, to: c } : { from: p?.from ?? 'USDT', to: c }))
                }
              />
            </div>
          </div>
          <AmountInput
            label={t('moves.amount')}
            name="convert-amount"
            value={amount}
            onChange={setAmount}
            coin={pair.from}
            decimals={decimals}
            available={from?.available ?? null}
            error={
              (checked || rule === 'decimals' || rule === 'exceeds') && rule
                ? t(`moves.rules.${rule}`, { decimals })
                : null
            }
          />
          <dl className="mv-summary" aria-live="polite">
            <div>
              <dt>{t('moves.convert.rate')}</dt>
              <dd data-testid="convert-rate">
                {priceFits && quote ? `1 ${quote.from} ≈ ${rateText(quote.rate)} ${quote.to}` : '--'}
              </dd>
            </div>
            <div>
              <dt>{t('moves.convert.receive')}</dt>
              <dd className="mv-receive" data-testid="convert-receive">
                {fits && quote?.receive ? `${quote.receive} ${to?.coin ?? quote.to}` : '--'}
              </dd>
            </div>
          </dl>
          <div className="mv-rate">
            <span>{quote ? t('moves.convert.spread', { percent: spreadPercent(quote.spread) }) : ''}</span>
            <span data-testid="convert-refresh">
              {quoting ? t('moves.convert.refreshing') : quote ? t('moves.convert.refreshIn', { seconds }) : ''}
            </span>
          </div>
          {quoteError ? (
            <p className="mv-error" role="alert">
              {quoteError}
            </p>
          ) : null}
          <button
            type="submit"
            className="btn btn-primary mv-submit"
            disabled={busy || !fits || !!rule}
            data-testid="convert-submit"
          >
            {busy ? t('moves.working') : t('moves.convert.submit')}
          </button>
          <button type="button" className="mv-link" onClick={() => setHistory((h) => !h)} aria-expanded={history}>
            {history ? t('moves.convert.hideHistory') : t('moves.convert.history')}
          </button>
          {history ? <ConvertHistory /> : null}
        </>
      ) : null}
    </form>
  );
}
