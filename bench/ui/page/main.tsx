/**
 * The bench page (bundled for the browser by bench/ui/main.ts): `/?mode=ours|naive&books=N` draws N order books,
 * `BK0/USDT` … , fed by the bench's synthetic server, and exposes `globalThis.bench` (meter.tsx) to the driver.
 * The page files are .tsx so that bench/tsconfig.json (Node types, `*.ts`) leaves them to bench/ui/tsconfig.json
 * (DOM, React, src/).
 */
import { PAGE_CSS } from './meter.tsx';
import { startNaive } from './naive.tsx';
import { startOurs } from './ours.tsx';

const params = new URLSearchParams(location.search);
const books = Number(params.get('books') ?? '1');
const grid = {
  priceScale: Number(params.get('priceScale') ?? '2'),
  amountScale: Number(params.get('amountScale') ?? '5'),
};
const symbols = Array.from({ length: books }, (_, i) => `BK${i}/USDT`);

const style = document.createElement('style');
style.textContent = PAGE_CSS;
document.head.append(style);
const root = document.createElement('main');
root.id = 'books';
document.body.append(root);

if (params.get('mode') === 'naive') startNaive(root, symbols, grid);
else startOurs(root, symbols, grid);
