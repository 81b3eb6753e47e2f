import { type FormEvent, useState } from 'react';
import { LEVERAGE_1000 } from '../../../../common/margin/codes.ts';
import { formatFine } from '../../../../common/margin/grid.ts';
import { notionalCap, tierOf } from '../../../../common/margin/tiers.ts';
import { showToast } from '../../../api/toast.ts';
import { formatNumberText as num } from '../../../format/price.ts';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { Dialog, DialogTitle } from '../../../ui/dialog.tsx';
import { NumberInput } from '../../../ui/number-input.tsx';
import { refusal, setLeverage } from './api.ts';
import { type Direction, type EntryContext, isHedge, leverageOf, percentText, positionFor } from './rules.ts';
import { leverageAllowed, positionOf, tiersFor } from './terms.ts';

/** Why a leverage cannot be set, said before asking the server (which decides and may still refuse). */
function leverageProblem(ctx: EntryContext, leverage: number, exposure: bigint) {
  const { info } = ctx.terms;
  if (!leverageAllowed(info, leverage)) return { key: 'invalid', values: { max: info.maxLeverage } } as const;
  const cap = notionalCap(tiersFor(ctx.terms, leverage), leverage);
  if (cap !== null && exposure > cap) {
    const value = formatFine(ctx.terms.grid, exposure, 2);
    return { key: 'tooLarge', values: { value, coin: info.quoteCoin, leverage } } as const;
  }
  return null;
}

/**
 * The leverage of one side (hedge mode) or of the contract (one-way): slider and input, the tier table of the risk
 * limits with the tier the position is in highlighted, the 1000× rule, and the server's refusal when it still comes.
 */
export function LeverageDialog(props: {
  ctx: EntryContext;
  direction: Direction;
  onClose: () => void;
  onChanged: () => void;
}) {
  const { ctx, direction, onClose, onChanged } = props;
  const { t } = useTranslation();
  const { info, grid } = ctx.terms;
  const [text, setText] = useState(String(leverageOf(ctx.settings, direction)));
  const [server, setServer] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const leverage = Number(text) || 0;
  const held = positionFor(ctx, direction);
  const exposure = held ? positionOf(ctx.terms, held).cost : 0n;
  const problem = leverageProblem(ctx, leverage, exposure);
  // The table and cap of the nearest allowed leverage while the typed one is not.
  const shown = leverageAllowed(info, leverage) ? leverage : Math.min(Math.max(1, leverage), info.maxLeverage);
  const cap = notionalCap(tiersFor(ctx.terms, shown), shown);
  const hedge = isHedge(ctx.settings);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (problem || sending) return;
    setSending(true);
    const result = await setLeverage({ symbol: info.symbol, leverage, ...(hedge ? { direction } : {}) });
    setSending(false);
    const refused = refusal(result);
    if (refused) return setServer(refused);
    showToast('success', t('contractEntry.leverage.changed', { leverage }));
    onChanged();
    onClose();
  };
  const side = t(`contractEntry.${direction === 1 ? 'long' : 'short'}`);
  const capText =
    cap === null
      ? t('contractEntry.leverage.noCap', { leverage: shown })
      : t('contractEntry.leverage.maxPosition', {
          leverage: shown,
          cap: num(formatFine(grid, cap, 0)),
          coin: info.quoteCoin,
        });
  return (
    <Dialog onClose={onClose} className="centry-leverage" testId="leverage-dialog">
      <DialogTitle as="h3">
        {hedge ? t('contractEntry.leverage.sideTitle', { side }) : t('contractEntry.leverage.title')}
      </DialogTitle>
      <form onSubmit={submit} noValidate>
        <LeverageInput
          value={text}
          max={info.maxLeverage}
          lv1000={info.canOpenLv1000}
          onChange={(next) => {
            setText(next);
            setServer(null);
          }}
        />
        <p className="centry-leverage-cap">{capText}</p>
        <p className="centry-leverage-note">
          {info.canOpenLv1000 ? t('contractEntry.leverage.lv1000') : t('contractEntry.leverage.lv1000Off')}
        </p>
        <TierTable ctx={ctx} leverage={shown} exposure={held ? exposure : null} />
        <p className="entry-error" role="alert">
          {server ?? (problem ? t(`contractEntry.leverage.${problem.key}`, { ...problem.values }) : '')}
        </p>
        <div className="confirm-actions">
          <button type="button" className="btn btn-ghost btn-sm" onClick={onClose}>
            {t('trade.entry.cancel')}
          </button>
          <button type="submit" className="btn btn-primary btn-sm" disabled={!!problem || sending}>
            {t('trade.entry.confirm')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

/** The risk-limit tiers of a leverage (the 1000× table at 1000×), the position's tier highlighted. */
function TierTable(props: { ctx: EntryContext; leverage: number; exposure: bigint | null }) {
  const { ctx, leverage, exposure } = props;
  const { t } = useTranslation();
  const { info } = ctx.terms;
  const tiers = tiersFor(ctx.terms, leverage);
  const rows = leverage === LEVERAGE_1000 && info.riskValues1000 ? info.riskValues1000 : info.riskValues;
  const landed = exposure === null ? null : tierOf(tiers, exposure);
  return (
    <>
      <table className="centry-tiers">
        <caption>{t('contractEntry.leverage.tiers')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('contractEntry.leverage.floor', { coin: info.quoteCoin })}</th>
            <th scope="col">{t('contractEntry.leverage.maxLeverage')}</th>
            <th scope="col">{t('contractEntry.leverage.mmr')}</th>
          </tr>
        </thead>
        <tbody>
          {tiers.map((tier, i) => (
            <tr key={rows[i]?.floor ?? i} aria-current={tier === landed ? 'true' : undefined}>
              <td>{num(rows[i]?.floor ?? '')}</td>
              <td>{tier.maxLeverage}×</td>
              <td>{percentText(tier.mmr, 2)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {landed && <p className="centry-leverage-note">{t('contractEntry.leverage.yourTier')}</p>}
    </>
  );
}

/** The number and the slider move together; the 1000× level is a button of its own, off the slider's scale. */
function LeverageInput(props: { value: string; max: number; lv1000: boolean; onChange: (value: string) => void }) {
  const { value, max, lv1000, onChange } = props;
  const { t } = useTranslation();
  const n = Number(value) || 1;
  const step = (delta: number) => onChange(String(Math.min(max, Math.max(1, (n > max ? max : n) + delta))));
  return (
    <div className="centry-leverage-input">
      <div className="centry-leverage-number">
        <button type="button" aria-label={t('contractEntry.leverage.decrease')} onClick={() => step(-1)}>
          −
        </button>
        <NumberInput
          aria-label={t('contractEntry.leverage.input')}
          decimals={0}
          max={LEVERAGE_1000}
          value={value}
          onValueChange={onChange}
        />
        <span>×</span>
        <button type="button" aria-label={t('contractEntry.leverage.increase')} onClick={() => step(1)}>
          +
        </button>
      </div>
      <input
        type="range"
        min={1}
        max={max}
        value={Math.min(n, max)}
        aria-label={t('contractEntry.leverage.input')}
        aria-valuetext={`${Math.min(n, max)}×`}
        onChange={(e) => onChange(e.target.value)}
      />
      <div className="entry-percent-steps">
        {[1, Math.round(max / 4), Math.round(max / 2), max].map((lv) => (
          <button key={lv} type="button" aria-pressed={n === lv} onClick={() => onChange(String(lv))}>
            {lv}×
          </button>
        ))}
        {lv1000 && (
          <button type="button" aria-pressed={n === LEVERAGE_1000} onClick={() => onChange(String(LEVERAGE_1000))}>
            {LEVERAGE_1000}×
          </button>
        )}
      </div>
    </div>
  );
}
