import { useEffect, useMemo, useState } from 'react';

type QrFactory = typeof import('qrcode-generator');

/** The encoder is its own chunk, fetched by the first code drawn: the header's download menu has one on every page. */
let encoder: QrFactory | null = null;
let loading: Promise<QrFactory> | null = null;
const loadEncoder = () => {
  loading ??= import('qrcode-generator').then((m) => {
    encoder = m.default;
    return encoder;
  });
  return loading;
};

/** The dark modules of `value` as one SVG path, two modules of quiet zone around. */
function qrPath(qrcode: QrFactory, value: string): { path: string; count: number } {
  const qr = qrcode(0, 'M');
  qr.addData(value);
  qr.make();
  const n = qr.getModuleCount();
  let d = '';
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) if (qr.isDark(r, c)) d += `M${c + 2} ${r + 2}h1v1h-1z`;
  }
  return { path: d, count: n + 4 };
}

/** A QR code drawn as one SVG path (spec shell §9: 114 px). Generated here; no image is fetched. */
export function QrCode({ value, size = 114, label }: { value: string; size?: number; label: string }) {
  // Functions in state go through updaters: useState would call the encoder itself.
  const [qrcode, setQrcode] = useState<QrFactory | null>(() => encoder);
  useEffect(() => {
    if (qrcode) return;
    let live = true;
    void loadEncoder().then((made) => live && setQrcode(() => made));
    return () => {
      live = false;
    };
  }, [qrcode]);
  const { path, count } = useMemo(() => (qrcode ? qrPath(qrcode, value) : { path: '', count: 1 }), [qrcode, value]);
  return (
    <svg
      className="qr-code"
      width={size}
      height={size}
      viewBox={`0 0 ${count} ${count}`}
      role="img"
      aria-label={label}
      aria-busy={!qrcode}
      shapeRendering="crispEdges"
      data-value={value}
    >
      <rect width={count} height={count} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
