import { type FormEvent, useEffect, useId, useState } from 'react';
import type { ContractThumb } from '../../../../common/contracts/swap.ts';
import { OpenTab } from '../../../../common/margin/codes.ts';
import { swapMarket } from '../../../../common/market.ts';
import { TriggerType } from '../../../../common/order-codes.ts';
import { showToast } from '../../../api/toast.ts';
import { formatNumberText as num } from '../../../format/price.ts';
import type { TFunction } from '../../../i18n/i18n.ts';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { NumberField, PercentSteps } from '../../trade/order-entry/order-entry.tsx';
import { usePickedPrice } from '../../trade/price-store.ts';
import { setTradeConfig, useTradeConfig } from '../../trade/trade-config.ts';
import { placeOrder, refusal } from './api.ts';
import { ConfirmContractOrder } from './confirm-contract.tsx';
import { PreviewBlock } from './preview-block.tsx';
import {
  type Checked,
  checkEntry,
  type Direction,
  type EntryContext,
  type EntryError,
  type EntryField,
  type EntryForm,
  editField,
  emptyForm,
  leverageOf,
  OPEN_TABS,
  percentContracts,
  positionFor,
  reduceOnlyAllowed,
  tpslAllowed,
  withPercent,
  withUnit,
} from './rules.ts';
import { ticksOf } from './terms.ts';
import type { EntrySession } from './types.ts';

const TAB_NAMES: Record<OpenTab, 'market' | 'limit' | 'plan'> = { 0: 'market', 1: 'limit', 2: 'plan' };

/** A problem under the form: a rule of the form, or the server's own (translated) refusal. */
type Problem = { kind: 'rule'; error: EntryError } | { kind: 'server'; message: string };
type Sendable = Extract<Checked, { ok: true }>;

/**
 * The order form proper: open tabs, open/close, long/short, price, trigger, size in contracts or quote value with the
 * slider, TP/SL, reduce-only, the preview and the submit (rules.ts decides, this renders).
 */
/** Sending: the checks, the stored config's confirmation, the call and the server's refusal, kept apart from the view. */
function useSubmit(ctx: EntryContext, session: EntrySession, form: EntryForm, setForm: (f: EntryForm) => void) {
  const { t } = useTranslation();
  const config = useTradeConfig();
  const [problem, setProblem] = useState<Problem | null>(null);
  const [sending, setSending] = useState(false);
  const [confirming, setConfirming] = useState<Sendable | null>(null);
  const send = async (order: Sendable) => {
    setConfirming(null);
    setSending(true);
    const result = await placeOrder(order.body, order.close);
    setSending(false);
    const refused = refusal(result);
    // A refusal changes nothing on screen but the server's message.
    if (refused) return setProblem({ kind: 'server', message: refused });
    showToast('success', t('contractEntry.placed'));
    setForm({ ...form, size: '', percent: 0, takeProfit: '', stopLoss: '' });
    session.refresh();
  };
  const submit = (direction: Direction) => {
    if (sending) return;
    const checked = checkEntry(form, ctx, direction);
    if (!checked.ok) return setProblem({ kind: 'rule', error: checked.error });
    const ask = form.tab === OpenTab.market ? config.marketConfirm : config.orderConfirm;
    if (ask) setConfirming(checked);
    else void send(checked);
  };
  const confirm = (dontAsk: boolean) => {
    if (dontAsk) setTradeConfig(form.tab === OpenTab.market ? { marketConfirm: false } : { orderConfirm: false });
    if (confirming) void send(confirming);
  };
  return { problem, setProblem, sending, confirming, submit, confirm, cancel: () => setConfirming(null) };
}

export function ContractOrderForm(props: { contract: ContractThumb; ctx: EntryContext; session: EntrySession }) {
  const { contract, ctx, session } = props;
  const { t } = useTranslation();
  const ids = useId();
  const [form, setForm] = useState<EntryForm>(emptyForm);
  const [direction, setDirection] = useState<Direction>(1);
  const sub = useSubmit(ctx, session, form, setForm);
  const change = (next: EntryForm) => {
    setForm(next);
    sub.setProblem(null);
  };
  const edit = (field: EntryField, raw: string) => change(editField(form, field, raw, ctx.terms));
  usePriceFeeds(ctx, contract.symbol, setForm);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    sub.submit(direction);
  };
  const action = `${form.mode}${direction === 1 ? 'Long' : 'Short'}` as const;
  // Opening a long or closing a short buys: the up colour; the other two sell.
  const side = (direction === 1) !== (form.mode === 'close') ? 'buy' : 'sell';
  const fields = { ids, form, ctx, quote: contract.quoteCoin, edit, onChange: change };
  return (
    <form className="centry-form" onSubmit={submit} noValidate aria-describedby={`${ids}-error`}>
      <EntryTabs form={form} onChange={change} />
      <SideButtons
        mode={form.mode}
        direction={direction}
        onPick={(d) => {
          setDirection(d);
          sub.setProblem(null);
        }}
      />
      <Balance ctx={ctx} form={form} direction={direction} coin={contract.quoteCoin} />
      <PriceFields {...fields} />
      <SizeField {...fields} />
      <PercentSteps percent={form.percent} onPercent={(p) => change(withPercent(form, ctx, direction, p))} />
      <Extras {...fields} />
      <PreviewBlock form={form} ctx={ctx} direction={direction} fundingRate={contract.fundingRate} />
      <p id={`${ids}-error`} className="entry-error" role="alert">
        {sub.problem && (sub.problem.kind === 'server' ? sub.problem.message : errorText(t, sub.problem.error))}
      </p>
      <button type="submit" className={`entry-submit ${side}`} disabled={sub.sending}>
        {sub.sending ? t('contractEntry.placing') : t(`contractEntry.${action}`)}
      </button>
      {sub.confirming && (
        <ConfirmContractOrder
          order={sub.confirming}
          tab={form.tab}
          leverage={leverageOf(ctx.settings, direction)}
          coin={contract.quoteCoin}
          onConfirm={sub.confirm}
          onCancel={sub.cancel}
        />
      )}
    </form>
  );
}

/**
 * The price field follows the market once (a limit order starts at the last price) and takes a price picked in the
 * book (spec trading §2), by the contract's symbol or its market name on the socket.
 */
function usePriceFeeds(ctx: EntryContext, symbol: string, setForm: (update: (f: EntryForm) => EntryForm) => void) {
  const last = ctx.prices?.last ?? '';
  const [seeded, setSeeded] = useState(false);
  useEffect(() => {
    if (seeded || !last || ticksOf(ctx.terms, last) === null) return;
    setSeeded(true);
    setForm((f) => (f.price ? f : { ...f, price: last }));
  }, [seeded, last, ctx.terms, setForm]);
  const picked = usePickedPrice(symbol);
  const pickedMarket = usePickedPrice(swapMarket(symbol));
  const pick = picked ?? pickedMarket;
  // A pick made before the form was shown (on the spot book of the same pair) is not this form's.
  const [since] = useState(() => pick?.seq ?? 0);
  useEffect(() => {
    if (pick && pick.seq > since) setForm((f) => editField(f, 'price', pick.price, ctx.terms));
  }, [pick, since, ctx.terms, setForm]);
}

/** Long or short, in the user's up and down colours. */
function SideButtons(props: { mode: EntryForm['mode']; direction: Direction; onPick: (d: Direction) => void }) {
  const { t } = useTranslation();
  return (
    <div className="centry-sides">
      {([1, 2] as const).map((d) => (
        <button
          key={d}
          type="button"
          aria-pressed={props.direction === d}
          className={`centry-side ${d === 1 ? 'up' : 'down'}`}
          onClick={() => props.onPick(d)}
        >
          {t(`contractEntry.${props.mode}${d === 1 ? 'Long' : 'Short'}`)}
        </button>
      ))}
    </div>
  );
}

export const errorText = (t: TFunction, error: EntryError): string =>
  t(`contractEntry.errors.${error.key}`, { min: error.values?.min, max: error.values?.max });

interface FieldProps {
  ids: string;
  form: EntryForm;
  ctx: EntryContext;
  quote: string;
  edit: (field: EntryField, raw: string) => void;
  onChange: (form: EntryForm) => void;
}

/** Another tab: the size starts over; a plan starts at market (an empty order price), not at the limit's price. */
const withTab = (form: EntryForm, tab: OpenTab): EntryForm => ({
  ...form,
  tab,
  size: '',
  percent: 0,
  price: tab === OpenTab.plan && form.tab !== OpenTab.plan ? '' : form.price,
});

function EntryTabs({ form, onChange }: { form: EntryForm; onChange: (form: EntryForm) => void }) {
  const { t } = useTranslation();
  return (
    <div className="centry-top">
      <div className="entry-kinds" role="tablist">
        {OPEN_TABS.map((tab) => (
          <button
            key={tab}
            type="button"
            role="tab"
            aria-selected={form.tab === tab}
            onClick={() => onChange(withTab(form, tab))}
          >
            {t(`contractEntry.tabs.${TAB_NAMES[tab]}`)}
          </button>
        ))}
      </div>
      <div className="centry-modes">
        {(['open', 'close'] as const).map((mode) => (
          <button
            key={mode}
            type="button"
            aria-pressed={form.mode === mode}
            onClick={() => onChange({ ...form, mode, size: '', percent: 0 })}
          >
            {t(`contractEntry.${mode}`)}
          </button>
        ))}
      </div>
    </div>
  );
}

/** Available margin and the most this side can open (or the position a close works on). */
function Balance(props: { ctx: EntryContext; form: EntryForm; direction: Direction; coin: string }) {
  const { ctx, form, direction, coin } = props;
  const { t } = useTranslation();
  const available = ctx.wallet ? num(ctx.wallet.available) : '--';
  const most =
    form.mode === 'close' ? (positionFor(ctx, direction)?.volume ?? 0) : percentContracts(form, ctx, direction, 100);
  return (
    <p className="entry-available centry-balance">
      <span>{t('contractEntry.available')}</span>
      <output data-testid="contract-available">
        {available} {coin}
      </output>
      <span>{t(form.mode === 'close' ? 'contractEntry.holding' : 'contractEntry.maxOpen')}</span>
      <output data-testid="contract-max">
        {num(String(most))} {t('contractEntry.contracts')}
      </output>
    </p>
  );
}

function PriceFields({ ids, form, ctx, quote, edit, onChange }: FieldProps) {
  const { t } = useTranslation();
  const field = (key: 'price' | 'trigger', label: string) => (
    <NumberField
      id={`${ids}-${key}`}
      label={label}
      unit={quote}
      value={form[key]}
      onChange={(raw) => edit(key, raw)}
      onBlur={() => undefined}
    />
  );
  return (
    <>
      {form.tab === OpenTab.plan && (
        <>
          {field('trigger', t('contractEntry.trigger'))}
          <TriggerSelect
            id={`${ids}-plan-by`}
            value={form.triggerType}
            ctx={ctx}
            onChange={(triggerType) => onChange({ ...form, triggerType })}
          />
        </>
      )}
      {form.tab === OpenTab.market ? (
        <div className="entry-field disabled">
          <span>{t('contractEntry.price')}</span>
          <span className="entry-market-price">{t('contractEntry.marketPrice')}</span>
        </div>
      ) : (
        field('price', t(form.tab === OpenTab.plan ? 'contractEntry.planPrice' : 'contractEntry.price'))
      )}
    </>
  );
}

/** What a trigger watches: the trade price (last or mark, by the user's preference) or the index. */
function TriggerSelect(props: {
  id: string;
  value: TriggerType;
  ctx: EntryContext;
  onChange: (value: TriggerType) => void;
}) {
  const { t } = useTranslation();
  const trade = props.ctx.settings.pricePreference === 1 ? 'markPrice' : 'lastPrice';
  return (
    <label className="centry-select" htmlFor={props.id}>
      <span>{t('contractEntry.triggerBy')}</span>
      <select id={props.id} value={props.value} onChange={(e) => props.onChange(Number(e.target.value) as TriggerType)}>
        <option value={TriggerType.tradePrice}>{t(`contractEntry.${trade}`)}</option>
        <option value={TriggerType.indexPrice}>{t('contractEntry.indexPrice')}</option>
      </select>
    </label>
  );
}

/** The size, in contracts or in quote value (the unit switch keeps what it means). */
function SizeField({ ids, form, ctx, quote, edit, onChange }: FieldProps) {
  const { t } = useTranslation();
  const unitId = `${ids}-unit`;
  return (
    <div className="centry-size">
      <NumberField
        id={`${ids}-size`}
        label={t('contractEntry.size')}
        unit=""
        value={form.size}
        onChange={(raw) => edit('size', raw)}
        onBlur={() => undefined}
      />
      <select
        id={unitId}
        aria-label={t('contractEntry.unit')}
        value={form.unit}
        onChange={(e) => onChange(withUnit(form, ctx, e.target.value === 'quote' ? 'quote' : 'contracts'))}
      >
        <option value="contracts">{t('contractEntry.contracts')}</option>
        <option value="quote">{quote}</option>
      </select>
    </div>
  );
}

/** Reduce-only (one-way opens) and the TP/SL fold-out (opens on the market and limit tabs). */
function Extras({ ids, form, ctx, quote, edit, onChange }: FieldProps) {
  const { t } = useTranslation();
  const reduce = reduceOnlyAllowed(form, ctx.settings);
  const legs = tpslAllowed(form, ctx.settings);
  const leg = (key: 'takeProfit' | 'stopLoss') => (
    <NumberField
      id={`${ids}-${key}`}
      label={t(`contractEntry.${key}`)}
      unit={quote}
      value={form[key]}
      onChange={(raw) => edit(key, raw)}
      onBlur={() => undefined}
    />
  );
  return (
    <div className="centry-extras">
      <div className="centry-checks">
        {legs && (
          <label>
            <input
              type="checkbox"
              checked={form.tpsl}
              aria-expanded={form.tpsl}
              aria-controls={`${ids}-tpsl`}
              onChange={(e) => onChange({ ...form, tpsl: e.target.checked })}
            />
            {t('contractEntry.tpsl')}
          </label>
        )}
        {reduce && (
          <label>
            <input
              type="checkbox"
              checked={form.reduceOnly}
              onChange={(e) => onChange({ ...form, reduceOnly: e.target.checked })}
            />
            {t('contractEntry.reduceOnly')}
          </label>
        )}
      </div>
      {legs && form.tpsl && (
        <div id={`${ids}-tpsl`} className="centry-tpsl">
          {leg('takeProfit')}
          {leg('stopLoss')}
          <TriggerSelect
            id={`${ids}-tpsl-by`}
            value={form.tpslTrigger}
            ctx={ctx}
            onChange={(tpslTrigger) => onChange({ ...form, tpslTrigger })}
          />
        </div>
      )}
    </div>
  );
}
