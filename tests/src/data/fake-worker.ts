import type { Remote } from 'comlink';
import type { WorkerLink } from '../../../src/data/client.ts';
import type { PaintLink } from '../../../src/data/painters.ts';
import type {
  DataPlaneApi,
  LadderLook,
  LadderSide,
  PaintApi,
  PaintWith,
  Snapshot,
  SnapshotBatch,
  UserLoad,
  ViewSpec,
  WorkerApi,
} from '../../../workers/api.ts';
import type { BatchLease } from '../../../workers/ring/index.ts';

/** A worker's api as the page sees it, in memory: it records what it is told and answers `open` when the test says. */
export class FakeWorker {
  /** Where its batches go; `lease`, the slot of one read from a shared ring. */
  sink: ((batch: SnapshotBatch, lease?: BatchLease) => void) | null = null;
  /** The batches posted: the client drops a view's snapshot from an older batch than its last. */
  private seq = 0;
  /** Open views by id, with what the page told about their visibility. */
  readonly views = new Map<number, { spec: ViewSpec; visible: boolean }>();
  readonly calls: string[] = [];
  /** User loads the page handed over. */
  readonly loads: UserLoad[] = [];
  stopped = false;
  /** Unanswered pings hang, as a dead worker's do. */
  answersPings = true;
  /** When false, `open` answers only on {@link answerOpens}. */
  answersOpens = true;
  private nextId = 1;
  private readonly waiting: (() => void)[] = [];

  link(): WorkerLink {
    const api: Omit<DataPlaneApi, 'attach'> = {
      setRequestContext: (ctx) => {
        this.calls.push(`context ${ctx.lang} ${ctx.token ?? '-'} ${ctx.userId ?? '-'}`);
      },
      open: (spec, visible = true, paint) => {
        const id = this.nextId++;
        const painted = paint ? ` painter ${paint.painter} token ${paint.token}` : '';
        this.calls.push(`open ${id} ${visible}${painted}`);
        this.views.set(id, { spec, visible });
        return id;
      },
      close: (id) => {
        this.calls.push(`close ${id}`);
        this.views.delete(id);
      },
      setVisible: (id, visible) => {
        this.calls.push(`visible ${id} ${visible}`);
        const view = this.views.get(id);
        if (view) view.visible = visible;
      },
      setRate: () => {},
      auth: () => {},
      loadUser: (load) => {
        this.loads.push(load);
      },
      ping: (t) => t,
      paintTo: () => {
        this.calls.push('paintTo');
      },
    };
    const remote = {
      ...api,
      open: (spec: ViewSpec, visible?: boolean, paint?: PaintWith) =>
        this.answersOpens
          ? Promise.resolve(api.open(spec, visible, paint))
          : new Promise<number>((resolve) => this.waiting.push(() => resolve(api.open(spec, visible, paint)))),
      ping: (t: number) => (this.answersPings ? Promise.resolve(t) : new Promise<number>(() => {})),
      marketList: (path: string, rows?: readonly object[] | null) => {
        this.calls.push(`list ${path} ${rows === undefined ? 'expected' : rows === null ? 'failed' : rows.length}`);
      },
    };
    return {
      api: remote as unknown as Remote<WorkerApi>,
      // In memory: a batch reaches the page at once, where the browser's goes over a MessageChannel.
      listen: (onBatch) => {
        this.sink = (batch, lease) => onBatch(batch, lease ?? null);
      },
      stop: () => {
        this.stopped = true;
      },
    };
  }

  answerOpens(): void {
    for (const answer of this.waiting.splice(0)) answer();
  }

  /** Posts one batch, as the worker's publish tick does, for the views that are visible (as the real plane does). */
  post(snapshot: (id: number) => Snapshot): void {
    const views: SnapshotBatch['views'] = [];
    for (const [id, view] of this.views) if (view.visible) views.push({ id, snapshot: snapshot(id) });
    if (views.length > 0) this.send(views);
  }

  /** Posts a batch of these views, whatever the page was told. */
  send(views: SnapshotBatch['views']): void {
    this.sink?.({ t: 0, seq: this.seq++, views });
  }
}

/** A trades snapshot whose first price is `price`. */
export function trades(price: number): Snapshot {
  return {
    kind: 'trades',
    trades: new Float64Array([price, 1, 1, 0]),
    health: { feed: 'live', frameAge: 0, reconnects: 0, malformed: 0 },
  };
}

export const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

/** A paint worker as the page sees it, in memory: it records what it is told. */
export class FakePainter {
  readonly calls: string[] = [];
  /** When true, `paint` fails, as a paint worker that cannot draw on a canvas. */
  refusesCanvases = false;
  starts = 0;

  link(): PaintLink {
    this.starts++;
    const api: Record<keyof PaintApi, (...args: never[]) => unknown> = {
      listen: () => this.calls.push('listen'),
      paint: (painter: number, side: LadderSide) => {
        if (this.refusesCanvases) return Promise.reject(new Error('no 2d context'));
        return this.calls.push(`paint ${painter} ${side}`);
      },
      show: (painter: number, token: number, looks: Partial<Record<LadderSide, LadderLook>>) =>
        this.calls.push(`show ${painter} ${token} ${Object.keys(looks).join(',')}`),
      restyle: (painter: number, side: LadderSide, look: LadderLook) =>
        this.calls.push(`restyle ${painter} ${side} ${look.width}x${look.height}`),
      point: (painter: number, side: LadderSide, y: number) => this.calls.push(`point ${painter} ${side} ${y}`),
      priceAt: (_painter: number, _side: LadderSide, y: number) => y * 10,
      drawn: (painter: number) => ({ asks: painter, bids: painter, at: 1, first: 1, seq: 1 }),
      unpaint: (painter: number, side?: LadderSide) => this.calls.push(`unpaint ${painter}${side ? ` ${side}` : ''}`),
    };
    const remote = Object.fromEntries(
      Object.entries(api).map(([name, call]) => [name, (...args: never[]) => Promise.resolve(call(...args))]),
    );
    return { api: remote as unknown as Remote<PaintApi>, stop: () => {} };
  }
}
