import { Packr } from 'msgpackr';
import { decodeMsgpack } from '../../../workers/feed/index.ts';
import { type HubMessage, type HubPort, SocketHub, type TabMessage, unpackFrames } from '../../../workers/hub/index.ts';
import { ManualScheduler } from '../feed/manual-scheduler.ts';

const packr = new Packr({ useRecords: false, variableMapSize: true });
export const pack = (value: unknown) => new Uint8Array(packr.pack(value));

/** The platform socket as the hub uses it; every instance is kept so a test can drive the server's side. */
export class FakeSocket {
  static readonly CLOSING = 2;
  static made: FakeSocket[] = [];
  binaryType = 'blob';
  readyState = 0;
  onopen: (() => void) | null = null;
  onclose: ((event: { code: number; reason: string }) => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  /** What the hub sent, decoded. */
  readonly sent: unknown[] = [];

  constructor(readonly url: string) {
    FakeSocket.made.push(this);
  }

  send(data: Uint8Array): void {
    this.sent.push(decodeMsgpack(data));
  }

  close(): void {
    this.readyState = 3;
  }

  /** The server's side. */
  opened(): void {
    this.readyState = 1;
    this.onopen?.();
  }

  frame(value: unknown): void {
    const bytes = pack(value);
    this.onmessage?.({ data: bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) });
  }

  dropped(code = 1006): void {
    this.readyState = 3;
    this.onclose?.({ code, reason: '' });
  }
}

/** A tab's worker on the hub: what it tells and what it was told (frames decoded), over a port that answers at once. */
export interface FakeTab {
  tell(message: TabMessage): void;
  send(socket: number, frame: unknown): void;
  told: HubMessage[];
  /** Every server frame it was passed, decoded, in order. */
  frames(): Record<string, unknown>[];
}

export function hubSetup() {
  FakeSocket.made = [];
  const scheduler = new ManualScheduler();
  const hub = new SocketHub('ws://hub.test/ws', FakeSocket, scheduler);
  const tab = (): FakeTab => {
    const told: HubMessage[] = [];
    const port: HubPort = { postMessage: (m) => told.push(m as HubMessage), onmessage: null };
    hub.connect(port);
    const tell = (message: TabMessage) => port.onmessage?.({ data: message } as MessageEvent);
    return {
      tell,
      send: (socket, frame) => tell({ op: 'send', socket, data: pack(frame) }),
      told,
      frames: () =>
        told.flatMap((m) =>
          m.op === 'frames' ? unpackFrames(m.frames).map((f) => decodeMsgpack(f) as Record<string, unknown>) : [],
        ),
    };
  };
  const socket = () => FakeSocket.made.at(-1) as FakeSocket;
  /** Lets the turn's microtasks (subscriptions) and zero timers (frames) run. */
  const turn = async () => {
    await Promise.resolve();
    scheduler.advance(0);
  };
  return { hub, scheduler, tab, socket, turn };
}
