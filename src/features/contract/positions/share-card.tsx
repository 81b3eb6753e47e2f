import { useEffect, useRef, useState } from 'react';
import type { Position } from '../../../../common/contracts/swap.ts';
import type { Share } from '../../../../common/contracts/swap-history.ts';
import { isAborted, post } from '../../../api/request.ts';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { Dialog, DialogHeader } from '../../../ui/dialog.tsx';
import { percent, signed } from './format.ts';

export const SHARE_WIDTH = 600;
export const SHARE_HEIGHT = 340;

/** The texts a card shows, already translated. */
export interface ShareTexts {
  side: string;
  pnl: string;
  roe: string;
  entry: string;
  price: string;
}

/** The colours of the page's theme and up/down preference, read once per drawing. */
function palette() {
  const style = getComputedStyle(document.documentElement);
  const read = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
  return {
    background: read('--raised', '#1e2329'),
    text: read('--text', '#eaecef'),
    muted: read('--muted', '#848e9c'),
    up: read('--up', '#0ecb81'),
    down: read('--down', '#f6465d'),
  };
}

/** Draws the card: contract, side and leverage, ROE large, PnL, entry and mark (or close) price. */
export function drawShare(ctx: CanvasRenderingContext2D, share: Share, texts: ShareTexts): void {
  const c = palette();
  const gain = !share.roe.startsWith('-');
  ctx.fillStyle = c.background;
  ctx.fillRect(0, 0, SHARE_WIDTH, SHARE_HEIGHT);
  ctx.fillStyle = gain ? c.up : c.down;
  ctx.fillRect(0, 0, 8, SHARE_HEIGHT);
  ctx.textBaseline = 'top';
  ctx.fillStyle = c.text;
  ctx.font = '600 24px system-ui, sans-serif';
  ctx.fillText(`${share.symbol}  ${texts.side}  ${share.leverage}×`, 36, 32);
  ctx.fillStyle = c.muted;
  ctx.font = '16px system-ui, sans-serif';
  ctx.fillText(texts.roe, 36, 90);
  ctx.fillStyle = gain ? c.up : c.down;
  ctx.font = '700 56px system-ui, sans-serif';
  ctx.fillText(percent(share.roe), 36, 114);
  const rows: [string, string][] = [
    [texts.pnl, signed(share.pnl)],
    [texts.entry, share.entryPrice],
    [texts.price, share.price],
  ];
  rows.forEach(([label, value], i) => {
    const x = 36 + i * 180;
    ctx.fillStyle = c.muted;
    ctx.font = '14px system-ui, sans-serif';
    ctx.fillText(label, x, 230);
    ctx.fillStyle = c.text;
    ctx.font = '600 20px system-ui, sans-serif';
    ctx.fillText(value, x, 254);
  });
  ctx.fillStyle = c.muted;
  ctx.font = '13px system-ui, sans-serif';
  ctx.fillText('Tickstream', 36, SHARE_HEIGHT - 36);
}

/** A position's share card (POST /swap/order/share) on a canvas, downloadable as a PNG. */
export function ShareCard(props: { position: Position; onClose: () => void }) {
  const { position } = props;
  const { t } = useTranslation();
  const canvas = useRef<HTMLCanvasElement | null>(null);
  const [share, setShare] = useState<Share | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    void post<Share>('/swap/order/share', { positionId: position.positionId }, { signal: controller.signal }).then(
      (answer) => {
        if (isAborted(answer)) return;
        if (answer.data) setShare(answer.data);
        else setFailed(true);
      },
    );
    return () => controller.abort();
  }, [position.positionId]);

  useEffect(() => {
    const ctx = canvas.current?.getContext('2d');
    if (!share || !ctx) return;
    drawShare(ctx, share, {
      side: t(share.direction === 1 ? 'contractOrders.long' : 'contractOrders.short'),
      pnl: t('contractOrders.share.pnl'),
      roe: t('contractOrders.share.roe'),
      entry: t('contractOrders.share.entry'),
      price: t(share.closed ? 'contractOrders.share.closePrice' : 'contractOrders.share.mark'),
    });
  }, [share, t]);

  const download = () => {
    const url = canvas.current?.toDataURL('image/png');
    if (!url) return;
    const link = document.createElement('a');
    link.href = url;
    link.download = `${position.symbol.replace('/', '_')}-${position.positionId}.png`;
    link.click();
  };

  return (
    <Dialog onClose={props.onClose} className="cp-dialog cp-share" testId="share-card">
      <DialogHeader title={t('contractOrders.share.title')} closeLabel={t('contractOrders.close')} />
      {failed ? (
        <p className="cp-error" role="alert">
          {t('contractOrders.share.failed')}
        </p>
      ) : (
        <canvas
          ref={canvas}
          width={SHARE_WIDTH}
          height={SHARE_HEIGHT}
          className="cp-share-canvas"
          aria-label={t('contractOrders.share.title')}
          data-ready={share !== null}
        />
      )}
      <div className="cp-buttons">
        <button type="button" className="btn btn-primary" disabled={!share} onClick={download}>
          {t('contractOrders.share.download')}
        </button>
      </div>
    </Dialog>
  );
}
