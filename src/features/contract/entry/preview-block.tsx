import { formatFine, formatTicks } from '../../../../common/margin/grid.ts';
import type { TFunction } from '../../../i18n/i18n.ts';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { type Figures, type Preview, previewOrder } from './preview.ts';
import {
  contractsOf,
  type Direction,
  type EntryContext,
  type EntryForm,
  isTaker,
  percentText,
  reduceOnlyAllowed,
  valuationTicks,
} from './rules.ts';
import { type Terms, ticksOf } from './terms.ts';

/** The preview of the order as the form stands, or null while it cannot be valued (no size, price or wallet). */
export function formPreview(form: EntryForm, ctx: EntryContext, direction: Direction, fundingRate: string) {
  const ticks = valuationTicks(form, ctx);
  if (ticks === null || !ctx.wallet) return null;
  const contracts = contractsOf(form, ctx, ticks);
  if (!(contracts > 0)) return null;
  const mark = (ctx.prices && ticksOf(ctx.terms, ctx.prices.mark)) || ticks;
  // A reduce-only open works as a close of the opposite position.
  const reduce = reduceOnlyAllowed(form, ctx.settings) && form.reduceOnly;
  const close = form.mode === 'close' || reduce;
  const order = {
    direction: (reduce ? (direction === 1 ? 2 : 1) : direction) as Direction,
    close,
    contracts,
    ticks,
    taker: isTaker(form, ctx, direction, ticks),
  };
  const input = { ...ctx, wallet: ctx.wallet, mark, fundingRate };
  return { preview: previewOrder(input, order), ticks };
}

/** Money in the settle coin: its ledger decimals, trailing zeros beyond the cents dropped. */
function money(terms: Terms, fine: bigint): string {
  const text = formatFine(terms.grid, fine, terms.info.settleDecimals);
  return text.replace(/(\.\d\d\d*?)0+$/, '$1');
}

/** The before → after block (issue 21 §3): what the engine will report if the whole order fills at the price. */
export function PreviewBlock(props: { form: EntryForm; ctx: EntryContext; direction: Direction; fundingRate: string }) {
  const { form, ctx, direction, fundingRate } = props;
  const { t } = useTranslation();
  const made = formPreview(form, ctx, direction, fundingRate);
  const coin = ctx.terms.info.quoteCoin;
  const rows = previewRows(t, ctx.terms, made?.preview ?? null);
  return (
    <section className="centry-preview" aria-label={t('contractEntry.preview.title')} data-testid="contract-preview">
      <table>
        <thead>
          <tr>
            <th scope="col">{t('contractEntry.preview.title')}</th>
            <th scope="col">{t('contractEntry.preview.now')}</th>
            <th scope="col">{t('contractEntry.preview.after')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map(([label, before, after, key]) => (
            <tr key={key} data-row={key}>
              <th scope="row">{label}</th>
              <td>{before}</td>
              <td>{after}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="centry-preview-costs">
        <span>{t('contractEntry.preview.fee')}</span>
        <output data-row="fee">{made ? `${money(ctx.terms, made.preview.fee)} ${coin}` : '--'}</output>
        <span>{t('contractEntry.preview.cost')}</span>
        <output data-row="cost">{made ? `${money(ctx.terms, made.preview.cost)} ${coin}` : '--'}</output>
      </p>
      {made && (
        <p className="centry-preview-hint">
          {t('contractEntry.preview.hint', { price: formatTicks(ctx.terms.grid, made.ticks) })}
        </p>
      )}
    </section>
  );
}

function previewRows(t: TFunction, terms: Terms, preview: Preview | null): [string, string, string, string][] {
  const none = '--';
  const cell = (figures: Figures | null | undefined, show: (f: Figures) => string) => (figures ? show(figures) : none);
  const row = (key: 'margin' | 'liquidation' | 'ratio' | 'funding', show: (f: Figures) => string) =>
    [t(`contractEntry.preview.${key}`), cell(preview?.before, show), cell(preview?.after, show), key] as [
      string,
      string,
      string,
      string,
    ];
  return [
    row('margin', (f) => money(terms, f.margin)),
    row('liquidation', (f) =>
      f.liquidation === null ? t('contractEntry.preview.noLiquidation') : formatTicks(terms.grid, f.liquidation),
    ),
    row('ratio', (f) => percentText(f.ratio)),
    row('funding', (f) => money(terms, f.funding)),
  ];
}
