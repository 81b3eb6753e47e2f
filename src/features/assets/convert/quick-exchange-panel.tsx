import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { isSuccess } from '../../../api/request.ts';
import { groupDigits } from '../../../format/intl.ts';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { useFormModel } from '../../../ui/form-store.ts';
import { AmountInput } from '../transfer/amount-input.tsx';
import { CoinPicker } from '../transfer/coin-picker.tsx';
import { type ConvertCoin, convertAtQuote, loadConvertCoins, loadPrice } from './api.ts';
import { ConvertHistory } from './convert-history.tsx';
import {
  amountProblem,
  type ConvertAction,
  type ConvertState,
  canConvert,
  initialConvert,
  planConvert,
  priceRequest,
  rateFits,
  reduceConvert,
  secondsLeft,
  shownProblem,
} from './convert-model.ts';
import { PRICE_DEBOUNCE_MS, rateText, spreadPercent } from './logic.ts';
import '../transfer/moves.css';

type Dispatch = (action: ConvertAction) => void;

/**
 * The convert dialog's body (spec shell §7 "quick exchange price and add"): from and to coins of the spot wallet with
 * a swap, the amount with max, the live rate and what it buys (asked again before each quote runs out), convert at
 * that quote, and the result. The dialog that holds it (the assets overview) closes it through `onClose`. The rules
 * are convert-model.ts; this runs the requests it names.
 */
export function QuickExchangePanel({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { state, dispatch, current, set } = useFormModel(reduceConvert, () => initialConvert(Date.now()));
  const [coins, setCoins] = useState<ConvertCoin[]>([]);
  const refreshCoins = useCallback(async () => {
    const r = await loadConvertCoins();
    if (!isSuccess(r.code) || !r.data) return;
    setCoins(r.data);
    dispatch({ type: 'coins', coins: r.data });
  }, [dispatch]);
  useEffect(() => {
    void refreshCoins();
  }, [refreshCoins]);
  const from = coins.find((c) => c.coin === state.pair?.from);
  useQuotes(state, from?.decimals ?? 8, dispatch);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const plan = planConvert(current(), from);
    set(plan.state);
    if (!plan.convert) return;
    const r = await convertAtQuote(plan.convert);
    const record = isSuccess(r.code) && r.data ? r.data : null;
    dispatch({ type: 'converted', record });
    if (record) void refreshCoins();
  };

  // The dialog around the panel has its own close control; the panel closes it once a conversion is done.
  const head = (
    <div>
      <h2 className="mv-subtitle">{t('moves.convert.title')}</h2>
      <p className="mv-muted">{t('moves.convert.subtitle')}</p>
    </div>
  );
  if (state.result) {
    return (
      <div className="mv-panel" data-testid="quick-exchange">
        {head}
        <div className="mv-result" role="status" data-testid="convert-result">
          <span className="mv-result-mark" aria-hidden="true">
            ✓
          </span>
          <strong>{t('moves.convert.doneTitle')}</strong>
          <span className="mv-num">
            {groupDigits(state.result.amount)} {state.result.from} → {groupDigits(state.result.receive)}{' '}
            {state.result.to}
          </span>
        </div>
        <div className="mv-actions">
          <button type="button" className="btn btn-ghost" onClick={() => dispatch({ type: 'again' })}>
            {t('moves.convert.again')}
          </button>
          <button type="button" className="btn btn-primary" onClick={onClose}>
            {t('moves.convert.close')}
          </button>
        </div>
      </div>
    );
  }
  return (
    <form className="mv-panel" onSubmit={(e) => void submit(e)} noValidate data-testid="quick-exchange">
      {head}
      {state.pair ? (
        <ConvertFields state={state} coins={coins} from={from} dispatch={dispatch} />
      ) : (
        <p className="mv-state">{t('moves.loading')}</p>
      )}
    </form>
  );
}

/** Asks for the price of what is on screen (debounced while typing), and again before each quote runs out. */
function useQuotes(state: ConvertState, decimals: number, dispatch: Dispatch) {
  const ask = priceRequest(state, decimals, PRICE_DEBOUNCE_MS);
  const { pair, amount, refresh, quote, receivedAt, result } = state;
  // biome-ignore lint/correctness/useExhaustiveDependencies: these are what a price is asked again for.
  useEffect(() => {
    if (!ask) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      dispatch({ type: 'asking', key: ask.key });
      void loadPrice(ask.from, ask.to, ask.amount, controller.signal).then((r) => {
        if (controller.signal.aborted) return dispatch({ type: 'dropped' });
        if (isSuccess(r.code) && r.data) dispatch({ type: 'quoted', quote: r.data, at: Date.now() });
        else dispatch({ type: 'refused', message: r.message });
      });
    }, ask.delay);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [pair?.from, pair?.to, amount, decimals, refresh, result]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: each quote's countdown starts when it arrives.
  useEffect(() => {
    if (!quote || result) return;
    const tick = setInterval(() => dispatch({ type: 'tick', now: Date.now() }), 1000);
    return () => clearInterval(tick);
  }, [quote, receivedAt, result, dispatch]);
}

function ConvertFields(props: {
  state: ConvertState;
  coins: readonly ConvertCoin[];
  from: ConvertCoin | undefined;
  dispatch: Dispatch;
}) {
  const { t } = useTranslation();
  const { state, coins, from, dispatch } = props;
  const { pair, quote } = state;
  if (!pair) return null;
  const to = coins.find((c) => c.coin === pair.to);
  const decimals = from?.decimals ?? 8;
  const problem = shownProblem(state, from);
  const fits = canConvert(state);
  return (
    <>
      <div className="mv-sides">
        <div className="mv-grow">
          <CoinPicker
            label={t('moves.convert.from')}
            testId="convert-from"
            coins={coins}
            value={pair.from}
            onChange={(coin) => dispatch({ type: 'from', coin })}
          />
        </div>
        <button
          type="button"
          className="mv-swap"
          aria-label={t('moves.convert.swap')}
          title={t('moves.convert.swap')}
          data-testid="convert-swap"
          onClick={() => dispatch({ type: 'swap' })}
        >
          ⇄
        </button>
        <div className="mv-grow">
          <CoinPicker
            label={t('moves.convert.to')}
            testId="convert-to"
            coins={coins}
            value={pair.to}
            onChange={(coin) => dispatch({ type: 'to', coin })}
          />
        </div>
      </div>
      <AmountInput
        label={t('moves.amount')}
        name="convert-amount"
        value={state.amount}
        onChange={(amount) => dispatch({ type: 'amount', amount })}
        coin={pair.from}
        decimals={decimals}
        available={from?.available ?? null}
        error={problem ? t(`moves.rules.${problem}`, { decimals }) : null}
      />
      <dl className="mv-summary" aria-live="polite">
        <div>
          <dt>{t('moves.convert.rate')}</dt>
          <dd data-testid="convert-rate">
            {rateFits(state) && quote ? `1 ${quote.from} ≈ ${rateText(quote.rate)} ${quote.to}` : '--'}
          </dd>
        </div>
        <div>
          <dt>{t('moves.convert.receive')}</dt>
          <dd className="mv-receive" data-testid="convert-receive">
            {fits && quote?.receive ? `${groupDigits(quote.receive)} ${to?.coin ?? quote.to}` : '--'}
          </dd>
        </div>
      </dl>
      <div className="mv-rate">
        <span>{quote ? t('moves.convert.spread', { percent: spreadPercent(quote.spread) }) : ''}</span>
        <span data-testid="convert-refresh">
          {state.quoting
            ? t('moves.convert.refreshing')
            : quote
              ? t('moves.convert.refreshIn', { seconds: secondsLeft(state) })
              : ''}
        </span>
      </div>
      {state.quoteError ? (
        <p className="mv-error" role="alert">
          {state.quoteError}
        </p>
      ) : null}
      <button
        type="submit"
        className="btn btn-primary mv-submit"
        disabled={state.busy || !fits || !!amountProblem(state, from)}
        data-testid="convert-submit"
      >
        {state.busy ? t('moves.working') : t('moves.convert.submit')}
      </button>
      <button
        type="button"
        className="mv-link"
        onClick={() => dispatch({ type: 'history' })}
        aria-expanded={state.history}
      >
        {state.history ? t('moves.convert.hideHistory') : t('moves.convert.history')}
      </button>
      {state.history ? <ConvertHistory /> : null}
    </>
  );
}
