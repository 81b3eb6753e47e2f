import { type FormEvent, type ReactNode, useEffect, useId, useState } from 'react';
import { useLocation } from 'wouter';
import { Side } from '../../../../common/trading.ts';
import { post } from '../../../api/request.ts';
import { showToast } from '../../../api/toast.ts';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { useFormModel } from '../../../ui/form-store.ts';
import { Popover } from '../../../ui/popover.tsx';
import { tradePath } from '../market.ts';
import { usePickedPrice } from '../price-store.ts';
import type { SpotSession } from '../spot-session.ts';
import { setTradeConfig, useTradeConfig } from '../trade-config.ts';
import { ConfirmOrder } from './confirm-order.tsx';
import {
  availableText,
  confirmTotal,
  type EntryAction,
  type EntryContext,
  type EntryField,
  type EntryProblem,
  type EntryState,
  emptyEntry,
  feeText,
  planSubmit,
  reduceEntry,
  shownTotal,
  startSending,
} from './entry-model.ts';
import { ENTRY_KINDS, type EntryKind, type OrderBody, PERCENTS, sizedByTotal } from './math.ts';
import './order-entry.css';
import { NumberInput } from '../../../ui/number-input.tsx';

interface Coins {
  base: string;
  quote: string;
}

/**
 * The spot order form (spec trading §3 spot order, §5 numeric input): limit, market and stop-limit, buy and sell side
 * by side, sized by amount, total or a share of the balance; checked before sending, confirmed when the stored trade
 * config asks for it, the server's message shown on a refusal. The rules are entry-model.ts; this only renders them.
 */
export function OrderEntry(props: { symbol: string; coins: Coins; session: SpotSession | null }) {
  const { symbol, coins, session } = props;
  const { t } = useTranslation();
  const [kind, setKind] = useState<EntryKind>('limit');
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
        <EntrySettings />
      </header>
      {session ? (
        <div className="entry-sides">
          {[Side.buy, Side.sell].map((side) => (
            <EntrySide
              key={`${symbol}:${side}`}
              side={side}
              kind={kind}
              symbol={symbol}
              coins={coins}
              session={session}
            />
          ))}
        </div>
      ) : (
        <EntryVisitor symbol={symbol} />
      )}
    </section>
  );
}

/**
 * The confirmations of the stored trade config (spec shell §3 marketConfirm / orderConfirm), in a popover; the contract
 * form adds its own settings as `children`.
 */
export function EntrySettings(props: { children?: ReactNode }) {
  const { t } = useTranslation();
  const config = useTradeConfig();
  const [open, setOpen] = useState(false);
  return (
    <div className="entry-settings">
      <Popover
        open={open}
        onOpenChange={setOpen}
        className="entry-settings-menu"
        label={t('trade.entry.settings')}
        align="end"
        trigger={
          <button
            type="button"
            className="icon-button"
            aria-label={t('trade.entry.settings')}
            title={t('trade.entry.settings')}
          >
            ⚙
          </button>
        }
      >
        <fieldset>
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
        {props.children}
      </Popover>
    </div>
  );
}

function EntryVisitor({ symbol }: { symbol: string }) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  return (
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
  );
}

/** One side's model, fed by the account, the book's picked price and the order kind. */
function useEntrySide(ctx: EntryContext, symbol: string, session: SpotSession) {
  const { t } = useTranslation();
  const model = useFormModel<EntryState, EntryAction>((s, a) => reduceEntry(s, a, ctx), emptyEntry);
  const { dispatch, set } = model;
  const picked = usePickedPrice(symbol);
  // The last price once known, so a limit order starts at the market.
  useEffect(() => {
    if (ctx.account) dispatch({ type: 'seed' });
  }, [ctx.account, dispatch]);
  // A click in the book fills the price (spec trading §2).
  useEffect(() => {
    if (picked) dispatch({ type: 'picked', price: picked.price });
  }, [picked, dispatch]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset on the kind only.
  useEffect(() => dispatch({ type: 'kind' }), [ctx.kind]);

  const send = async (plan: { state: EntryState; send: OrderBody }) => {
    set(plan.state);
    const result = await post<unknown>('/exchange/order/add', { ...plan.send });
    if (result.code !== 0 && result.code !== 200) {
      dispatch({ type: 'failed', message: result.msg || result.message });
      return;
    }
    showToast('success', t('trade.entry.placed'));
    dispatch({ type: 'placed' });
    session.refresh();
  };
  return { ...model, send };
}

function EntrySide(props: { side: Side; kind: EntryKind; symbol: string; coins: Coins; session: SpotSession }) {
  const { side, kind, symbol, coins, session } = props;
  const { t } = useTranslation();
  const ctx: EntryContext = { side, kind, account: session.account, coins };
  const { state, dispatch, current, set, send } = useEntrySide(ctx, symbol, session);
  const config = useTradeConfig();
  const ids = useId();
  const name = side === Side.buy ? 'buy' : 'sell';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const plan = planSubmit(current(), ctx, kind === 'market' ? config.marketConfirm : config.orderConfirm);
    if (plan.send) void send({ state: plan.state, send: plan.send });
    else set(plan.state);
  };
  const errorId = `${ids}-error`;

  return (
    <form className={`entry-side ${name}`} onSubmit={submit} noValidate data-side={name} aria-describedby={errorId}>
      <p className="entry-available">
        <span>{t('trade.entry.available')}</span>
        <output data-testid={`available-${name}`}>{availableText(ctx)}</output>
      </p>
      <EntryFields ids={ids} state={state} ctx={ctx} dispatch={dispatch} />
      <p className="entry-fee">
        <span>{t('trade.entry.fee')}</span>
        <output>{feeText(state, ctx)}</output>
      </p>
      <p id={errorId} className="entry-error" role="alert">
        <ProblemText problem={state.problem} />
      </p>
      <button type="submit" className={`entry-submit ${name}`} disabled={state.sending}>
        {state.sending ? t('trade.entry.placing') : t(`trade.entry.${name}`, { coin: coins.base })}
      </button>
      {state.confirming && (
        <ConfirmOrder
          body={state.confirming}
          kind={kind}
          coins={coins}
          total={confirmTotal(state, ctx)}
          onConfirm={(dontAsk) => {
            if (dontAsk) setTradeConfig(kind === 'market' ? { marketConfirm: false } : { orderConfirm: false });
            const body = current().confirming;
            if (body) void send(startSending(current(), body));
          }}
          onCancel={() => dispatch({ type: 'cancelConfirm' })}
        />
      )}
    </form>
  );
}

/** The problem in the page's language (the server's own text for a refusal). */
function ProblemText({ problem }: { problem: EntryProblem | null }) {
  const { t } = useTranslation();
  if (!problem) return '';
  if (problem.kind === 'server') return problem.message;
  if (problem.kind === 'account') return t('trade.entry.errors.account');
  const { key, values } = problem.error;
  return t(`trade.entry.errors.${key}`, { min: values?.min, coin: values?.coin });
}

/** Trigger (stop), price (not market), amount (not a market buy), the percent steps and the total. */
function EntryFields(props: {
  ids: string;
  state: EntryState;
  ctx: EntryContext;
  dispatch: (action: EntryAction) => void;
}) {
  const { ids, state, ctx, dispatch } = props;
  const { t } = useTranslation();
  const { kind, coins } = ctx;
  const byTotal = sizedByTotal(ctx.side, kind);
  const field = (key: EntryField, label: string, unit: string, value: string = state[key]) => (
    <NumberField
      id={`${ids}-${key}`}
      label={label}
      unit={unit}
      value={value}
      onChange={(raw) => dispatch({ type: 'edit', field: key, raw })}
      onBlur={() => dispatch({ type: 'blur', field: key })}
    />
  );
  return (
    <>
      {kind === 'stop' && field('trigger', t('trade.entry.trigger'), coins.quote)}
      {kind === 'market' ? (
        <div className="entry-field disabled">
          <span>{t('trade.entry.price')}</span>
          <span className="entry-market-price">{t('trade.entry.marketPrice')}</span>
        </div>
      ) : (
        field('price', t('trade.entry.price'), coins.quote)
      )}
      {!byTotal && field('amount', t('trade.entry.amount'), coins.base)}
      <PercentSteps percent={state.percent} onPercent={(value) => dispatch({ type: 'percent', value })} />
      {kind !== 'market' || byTotal
        ? field('total', t('trade.entry.total'), coins.quote, shownTotal(state, ctx))
        : null}
    </>
  );
}

export function PercentSteps({ percent, onPercent }: { percent: number; onPercent: (value: number) => void }) {
  const { t } = useTranslation();
  return (
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
  );
}

export function NumberField(props: {
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
      <NumberInput
        id={props.id}
        // The name is the label alone, without the unit shown beside it.
        aria-label={props.label}
        value={props.value}
        onValueChange={props.onChange}
        onBlur={props.onBlur}
      />
      <span className="entry-unit">{props.unit}</span>
    </label>
  );
}
