import { useEffect, useState } from 'react';
import { MarginModel, PositionClass } from '../../../../common/margin/codes.ts';
import { showToast } from '../../../api/toast.ts';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { Dialog, DialogTitle } from '../../../ui/dialog.tsx';
import { currentOrders, refusal, switchPattern } from './api.ts';
import { LeverageDialog } from './leverage-dialog.tsx';
import { type Direction, type EntryContext, isHedge, leverageOf } from './rules.ts';

type Open = { kind: 'margin' } | { kind: 'position' } | { kind: 'leverage'; direction: Direction } | null;

/** Margin mode, leverage (per side in hedge mode) and position mode, each opening its dialog. */
export function ModeBar(props: { ctx: EntryContext; onChanged: () => void }) {
  const { ctx, onChanged } = props;
  const { t } = useTranslation();
  const [open, setOpen] = useState<Open>(null);
  const { settings } = ctx;
  const hedge = isHedge(settings);
  const sides: Direction[] = hedge ? [1, 2] : [1];
  return (
    <div className="centry-modebar">
      <button type="button" onClick={() => setOpen({ kind: 'margin' })} data-testid="margin-mode">
        {t(`contractEntry.modes.${settings.marginModel === MarginModel.isolated ? 'isolated' : 'cross'}`)}
      </button>
      {sides.map((direction) => (
        <button
          key={direction}
          type="button"
          className={hedge ? (direction === 1 ? 'up' : 'down') : undefined}
          onClick={() => setOpen({ kind: 'leverage', direction })}
          data-testid={`leverage-${direction}`}
        >
          {`${leverageOf(settings, direction)}×`}
        </button>
      ))}
      <button type="button" onClick={() => setOpen({ kind: 'position' })} data-testid="position-mode">
        {t(`contractEntry.modes.${hedge ? 'hedge' : 'oneWay'}`)}
      </button>
      {open?.kind === 'leverage' && (
        <LeverageDialog ctx={ctx} direction={open.direction} onClose={() => setOpen(null)} onChanged={onChanged} />
      )}
      {(open?.kind === 'margin' || open?.kind === 'position') && (
        <ModeDialog kind={open.kind} ctx={ctx} onClose={() => setOpen(null)} onChanged={onChanged} />
      )}
    </div>
  );
}

/** Whether the contract has a position or an open or plan order: the server refuses a switch then. */
function useBlocked(ctx: EntryContext): boolean | null {
  const symbol = ctx.terms.info.symbol;
  const holding = ctx.positions.some((p) => p.symbol === symbol);
  const [orders, setOrders] = useState<boolean | null>(null);
  useEffect(() => {
    let live = true;
    void currentOrders(symbol).then((result) => {
      if (!live) return;
      const data = result.data;
      // Unknown (a failed call): the server still decides, and its refusal is shown.
      setOrders(data ? data.orders.total > 0 || data.plans.some((p) => p.symbol === symbol) : false);
    });
    return () => {
      live = false;
    };
  }, [symbol]);
  if (holding) return true;
  return orders;
}

const OPTIONS = {
  margin: [
    { value: MarginModel.cross, name: 'cross' },
    { value: MarginModel.isolated, name: 'isolated' },
  ],
  position: [
    { value: PositionClass.single, name: 'oneWay' },
    { value: PositionClass.multi, name: 'hedge' },
  ],
} as const;

/** Cross/isolated or one-way/hedge: said blocked before asking when the contract has positions or orders. */
function ModeDialog(props: {
  kind: 'margin' | 'position';
  ctx: EntryContext;
  onClose: () => void;
  onChanged: () => void;
}) {
  const { kind, ctx, onClose, onChanged } = props;
  const { t } = useTranslation();
  const current = kind === 'margin' ? ctx.settings.marginModel : ctx.settings.positionClass;
  const [choice, setChoice] = useState<number>(current);
  const [server, setServer] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const blocked = useBlocked(ctx);
  const symbol = ctx.terms.info.symbol;

  const confirm = async () => {
    setSending(true);
    const body = kind === 'margin' ? { symbol, marginModel: choice } : { symbol, positionClass: choice };
    const result = await switchPattern(body);
    setSending(false);
    const refused = refusal(result);
    if (refused) return setServer(refused);
    showToast('success', t('contractEntry.modes.switched'));
    onChanged();
    onClose();
  };
  return (
    <Dialog onClose={onClose} className="centry-mode" testId={`${kind}-mode-dialog`}>
      <DialogTitle as="h3">{t(`contractEntry.modes.${kind}Title`)}</DialogTitle>
      <ModeOptions
        kind={kind}
        choice={choice}
        onPick={(value) => {
          setChoice(value);
          setServer(null);
        }}
      />
      <p className="entry-error" role="alert">
        {server ??
          (blocked === null
            ? t('contractEntry.modes.checking')
            : blocked
              ? t('contractEntry.modes.blocked', { symbol })
              : '')}
      </p>
      <div className="confirm-actions">
        <button type="button" className="btn btn-ghost btn-sm" onClick={onClose}>
          {t('trade.entry.cancel')}
        </button>
        <button
          type="button"
          className="btn btn-primary btn-sm"
          disabled={sending || blocked !== false || choice === current}
          onClick={() => void confirm()}
        >
          {t('trade.entry.confirm')}
        </button>
      </div>
    </Dialog>
  );
}

function ModeOptions(props: { kind: 'margin' | 'position'; choice: number; onPick: (value: number) => void }) {
  const { kind, choice, onPick } = props;
  const { t } = useTranslation();
  return (
    <div className="centry-mode-options" role="radiogroup">
      {OPTIONS[kind].map((option) => (
        <label key={option.value}>
          <input
            type="radio"
            name={`centry-${kind}`}
            checked={choice === option.value}
            onChange={() => onPick(option.value)}
          />
          <span>
            <strong>{t(`contractEntry.modes.${option.name}`)}</strong>
            <small>{t(`contractEntry.modes.${option.name}Text`)}</small>
          </span>
        </label>
      ))}
    </div>
  );
}
