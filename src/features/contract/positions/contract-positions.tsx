import { useId, useState } from 'react';
import type { Position, SwapPlan } from '../../../../common/contracts/swap.ts';
import { MarginModel, PricePreference } from '../../../../common/margin/codes.ts';
import { showToast } from '../../../api/toast.ts';
import { formatNumberText as num } from '../../../format/price.ts';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { useTradeConfig } from '../../trade/trade-config.ts';
import { useContractNotices } from '../notices.ts';
import type { ContractSession } from '../session.ts';
import { contractSymbol } from '../session.ts';
import { send } from './actions.ts';
import { CloseDialog, ConfirmDialog } from './close-dialog.tsx';
import { percent, signed, tone } from './format.ts';
import { MarginDialog } from './margin-dialog.tsx';
import { type ContractPrices, pnlAt, pnlPriceOf, type TpslGroup, tpslOf } from './rules.ts';
import { ShareCard } from './share-card.tsx';
import { TpslDialog } from './tpsl-dialog.tsx';
import '../../trade/orders/orders-panel.css';
import './positions.css';

type Open =
  | { kind: 'margin' | 'share' | 'reverse'; position: Position }
  | { kind: 'close'; position: Position; limit: boolean }
  | { kind: 'tpsl'; position: Position; group: TpslGroup | null }
  | { kind: 'closeAll' };

/**
 * The user's open positions, one row per position (a card on narrow screens), live from the user's state; every
 * command goes to the server and what it changed comes back over the channel. `prices` are the viewed contract's.
 * It also shows the channel's liquidation, TP/SL, ADL and funding notices as toasts (mount it once).
 */
export function ContractPositions(props: { symbol: string; session: ContractSession; prices: ContractPrices | null }) {
  const { session } = props;
  const symbol = contractSymbol(props.symbol);
  const { t } = useTranslation();
  const titleId = useId();
  const config = useTradeConfig();
  const [open, setOpen] = useState<Open | null>(null);
  const close = () => setOpen(null);
  const { positions, refresh } = session;
  useContractNotices(session);

  const closeAll = () => void send('/swap/order/close-all', {}, t('contractOrders.positions.closedAll'), refresh);
  const reverse = (p: Position) =>
    void send('/swap/order/backhand', { positionId: p.positionId }, t('contractOrders.positions.reversed'), refresh);

  return (
    <section className="trade-panel cp-positions" aria-labelledby={titleId} data-state={session.status}>
      <header className="cp-head">
        <h2 id={titleId}>{t('contractOrders.positions.tab', { count: positions.length })}</h2>
        <PreferenceSwitch session={session} />
        {positions.length > 0 && (
          <button
            type="button"
            className="btn btn-ghost btn-sm"
            onClick={() => (config.marketConfirm ? setOpen({ kind: 'closeAll' }) : closeAll())}
          >
            {t('contractOrders.positions.closeAll')}
          </button>
        )}
      </header>
      {positions.length === 0 ? (
        <p className="orders-none">
          {t(
            session.status === 'visitor'
              ? 'contractOrders.loginPrompt'
              : session.status === 'loading'
                ? 'contractOrders.loading'
                : 'contractOrders.empty',
          )}
        </p>
      ) : (
        <table className="orders-table cp-table">
          <PositionsHead />
          <tbody>
            {positions.map((p) => (
              <PositionRow
                key={p.positionId}
                position={p}
                session={session}
                prices={props.prices}
                viewed={symbol}
                onOpen={(o) => (o.kind === 'reverse' && !config.marketConfirm ? reverse(o.position) : setOpen(o))}
              />
            ))}
          </tbody>
        </table>
      )}
      <PositionDialog open={open} session={session} prices={props.prices} viewed={symbol} onClose={close}>
        {open?.kind === 'closeAll' && (
          <ConfirmDialog
            title={t('contractOrders.positions.closeAll')}
            text={t('contractOrders.positions.closeAllConfirm')}
            onConfirm={closeAll}
            onClose={close}
          />
        )}
        {open?.kind === 'reverse' && (
          <ConfirmDialog
            title={t('contractOrders.positions.reverse')}
            text={t('contractOrders.positions.reverseConfirm', {
              side: t(open.position.direction === 1 ? 'contractOrders.long' : 'contractOrders.short'),
              volume: open.position.volume,
            })}
            onConfirm={() => reverse(open.position)}
            onClose={close}
          />
        )}
      </PositionDialog>
    </section>
  );
}

/** The dialog of the row action chosen (margin, TP/SL, close, share), or the confirmation passed as children. */
function PositionDialog(props: {
  open: Open | null;
  session: ContractSession;
  prices: ContractPrices | null;
  viewed: string;
  onClose: () => void;
  children: React.ReactNode;
}) {
  const { open, session, onClose } = props;
  if (!open || open.kind === 'closeAll' || open.kind === 'reverse') return <>{props.children}</>;
  const { position } = open;
  if (open.kind === 'margin') {
    // The contract's terms come with the page; a dialog opens on a row, so they are there.
    const info = session.contracts.get(position.symbol);
    if (!info) return <>{props.children}</>;
    return (
      <MarginDialog
        position={position}
        info={info}
        wallet={session.wallet}
        refresh={session.refresh}
        onClose={onClose}
      />
    );
  }
  if (open.kind === 'tpsl') {
    return <TpslDialog position={position} group={open.group} refresh={session.refresh} onClose={onClose} />;
  }
  if (open.kind !== 'close') return <ShareCard position={position} onClose={onClose} />;
  const defaultPrice = position.symbol === props.viewed && props.prices ? props.prices.last : position.markPrice;
  return (
    <CloseDialog
      position={position}
      limit={open.limit}
      defaultPrice={defaultPrice}
      refresh={session.refresh}
      onClose={onClose}
    />
  );
}

/** Which price PnL and ROE are shown at: mark (default) or last; stored on the server for the user. */
function PreferenceSwitch({ session }: { session: ContractSession }) {
  const { t } = useTranslation();
  const latest = session.pricePreference === PricePreference.latest;
  return (
    <label className="cp-preference">
      <span>{t('contractOrders.positions.pnlAt')}</span>
      <select
        value={latest ? PricePreference.latest : PricePreference.mark}
        onChange={(e) => void session.setPricePreference(Number(e.target.value) as PricePreference)}
      >
        <option value={PricePreference.mark}>{t('contractOrders.positions.atMark')}</option>
        <option value={PricePreference.latest}>{t('contractOrders.positions.atLast')}</option>
      </select>
    </label>
  );
}

const COLUMNS = [
  'symbol',
  'size',
  'entry',
  'mark',
  'liq',
  'margin',
  'marginRatio',
  'pnl',
  'realized',
  'adl',
  'tpsl',
  'actions',
] as const;

function PositionsHead() {
  const { t } = useTranslation();
  return (
    <thead>
      <tr>
        {COLUMNS.map((c) => (
          <th key={c}>{t(`contractOrders.positions.${c}`)}</th>
        ))}
      </tr>
    </thead>
  );
}

function PositionRow(props: {
  position: Position;
  session: ContractSession;
  prices: ContractPrices | null;
  viewed: string;
  onOpen: (open: Open) => void;
}) {
  const { position: p, session, onOpen } = props;
  const { t } = useTranslation();
  const label = (c: (typeof COLUMNS)[number]) => t(`contractOrders.positions.${c}`);
  const info = session.contracts.get(p.symbol);
  const price = pnlPriceOf(p, session.pricePreference, props.prices, props.viewed);
  const { pnl, roe } = info ? pnlAt(p, price, info) : { pnl: p.unrealizedPnl, roe: p.roe };
  const mark = p.symbol === props.viewed && props.prices?.mark ? props.prices.mark : p.markPrice;
  const side = p.direction === 1 ? 'long' : 'short';
  return (
    <tr data-position-id={p.positionId} data-symbol={p.symbol} data-side={side}>
      <td data-label={label('symbol')}>
        <span className={`cp-side ${p.direction === 1 ? 'up' : 'down'}`}>{t(`contractOrders.${side}`)}</span>{' '}
        <strong>{p.symbol}</strong>{' '}
        <span className="cp-tag">
          {t(p.marginModel === MarginModel.isolated ? 'contractOrders.isolated' : 'contractOrders.cross')} {p.leverage}×
        </span>
      </td>
      <td data-label={label('size')} data-field="volume">
        {p.volume}
      </td>
      <td data-label={label('entry')} data-field="entry">
        {num(p.entryPrice)}
      </td>
      <td data-label={label('mark')}>{num(mark)}</td>
      <td data-label={label('liq')} data-field="liq">
        {p.liquidationPrice ? num(p.liquidationPrice) : '--'}
      </td>
      <td data-label={label('margin')} data-field="margin">
        <span>
          {num(p.margin)}
          {p.marginModel === MarginModel.isolated && (
            <button
              type="button"
              className="cp-icon-button"
              aria-label={t('contractOrders.margin.title')}
              onClick={() => onOpen({ kind: 'margin', position: p })}
            >
              ±
            </button>
          )}
        </span>
      </td>
      <td data-label={label('marginRatio')}>{percent(p.marginRatio)}</td>
      <td data-label={label('pnl')} data-field="pnl" className={tone(pnl)}>
        {signed(pnl)} ({percent(roe)})
      </td>
      <td data-label={label('realized')} className={tone(p.realizedPnl)}>
        {signed(p.realizedPnl)}
      </td>
      <td data-label={label('adl')}>
        <AdlLights count={p.adlQuantile} />
      </td>
      <td data-label={label('tpsl')}>
        <TpslCell position={p} plans={session.plans} refresh={session.refresh} onOpen={onOpen} />
      </td>
      <td data-label={label('actions')} className="cp-actions">
        <RowActions position={p} onOpen={onOpen} />
      </td>
    </tr>
  );
}

/** Close at market or limit, reverse, share. */
function RowActions({ position: p, onOpen }: { position: Position; onOpen: (open: Open) => void }) {
  const { t } = useTranslation();
  return (
    <>
      <button
        type="button"
        className="link-button"
        onClick={() => onOpen({ kind: 'close', position: p, limit: false })}
      >
        {t('contractOrders.positions.closeMarket')}
      </button>
      <button type="button" className="link-button" onClick={() => onOpen({ kind: 'close', position: p, limit: true })}>
        {t('contractOrders.positions.closeLimit')}
      </button>
      <button type="button" className="link-button" onClick={() => onOpen({ kind: 'reverse', position: p })}>
        {t('contractOrders.positions.reverse')}
      </button>
      <button type="button" className="link-button" onClick={() => onOpen({ kind: 'share', position: p })}>
        {t('contractOrders.positions.share')}
      </button>
    </>
  );
}

/** Four lights: how near the position is to the front of the auto-deleveraging queue. */
function AdlLights({ count }: { count: number }) {
  const { t } = useTranslation();
  return (
    <span
      className="cp-adl"
      role="img"
      aria-label={t('contractOrders.positions.adlLights', { count })}
      data-adl={count}
    >
      {[1, 2, 3, 4].map((i) => (
        <i key={i} className={i <= count ? 'on' : ''} />
      ))}
    </span>
  );
}

/** The position's TP/SL legs (pairs together), each group editable and cancellable; "Add" sets a new one. */
function TpslCell(props: {
  position: Position;
  plans: readonly SwapPlan[];
  refresh: () => void;
  onOpen: (open: Open) => void;
}) {
  const { position, refresh, onOpen } = props;
  const { t } = useTranslation();
  const groups = tpslOf(position, props.plans);
  const cancel = async (group: TpslGroup) => {
    const legs = [group.takeProfit, group.stopLoss, group.trailing].filter((p): p is SwapPlan => p !== null);
    let ok = true;
    for (const leg of legs) ok = (await send('/swap/order/cancel', { planId: leg.planId }, null, refresh)) && ok;
    if (ok) showToast('success', t('contractOrders.tpsl.cancelled'));
  };
  return (
    <div className="cp-tpsl">
      {groups.map((g) => {
        const first = (g.takeProfit ?? g.stopLoss ?? g.trailing) as SwapPlan;
        const size =
          first.volume > 0
            ? t('contractOrders.tpsl.contracts', { volume: first.volume })
            : t('contractOrders.tpsl.all');
        return (
          <span key={first.planId} className="cp-leg" data-plan-id={first.planId}>
            {g.takeProfit && (
              <span className="up">{t('contractOrders.tpsl.tp', { price: num(g.takeProfit.triggerPrice) })}</span>
            )}
            {g.stopLoss && (
              <span className="down">{t('contractOrders.tpsl.sl', { price: num(g.stopLoss.triggerPrice) })}</span>
            )}
            {g.trailing && <span>{t('contractOrders.tpsl.trail', { rate: percent(g.trailing.drawDownOffset) })}</span>}
            <span className="cp-muted">{size}</span>
            {!g.trailing && (
              <button
                type="button"
                className="link-button"
                onClick={() => onOpen({ kind: 'tpsl', position, group: g })}
              >
                {t('contractOrders.tpsl.edit')}
              </button>
            )}
            <button type="button" className="link-button" onClick={() => void cancel(g)}>
              {t('contractOrders.tpsl.remove')}
            </button>
          </span>
        );
      })}
      <button type="button" className="link-button" onClick={() => onOpen({ kind: 'tpsl', position, group: null })}>
        {t('contractOrders.positions.addTpsl')}
      </button>
    </div>
  );
}
