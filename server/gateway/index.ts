/**
 * The market-data WebSocket gateway (DESIGN §4): one route at {@link WS_PATH} that multiplexes ticker, depth, trades,
 * candles, the perpetuals' mark, funding and liquidations, and the private user channel over binary msgpack frames. The
 * only door into server/gateway.
 */
import websocket from '@fastify/websocket';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiCode } from '../../common/api.ts';
import { DEFAULT_LANG, type Lang, parseLang } from '../../common/i18n.ts';
import { HEARTBEAT_MS, WS_LIMITS, WS_PATH } from '../../common/protocol.ts';
import { translate } from '../errors/messages.ts';
import { Gateway } from './gateway.ts';
import { isSameOrigin } from './origin.ts';
import type { MarketSource, SessionRegistry } from './source.ts';

export type {
  LiquidationTick,
  MarketListener,
  MarketMeta,
  MarketSource,
  MarkValues,
  PerpetualReader,
  SessionRegistry,
  SocketSession,
  TradeTick,
} from './source.ts';

export interface GatewayOptions {
  /**
   * The least time between two sends of batched depth, trades, ticker and candle changes, in ms (default 20; the server
   * passes TICKSTREAM_FLUSH_MS). A change is sent right after its event-loop turn when that much has passed.
   */
  flushMs?: number;
  /** A connection that has been sent nothing for this long gets a heartbeat (default {@link HEARTBEAT_MS}). */
  heartbeatMs?: number;
  /** Lets a cross-origin page connect; by default only pages of the server's own origin (or no Origin) may. */
  allowedOrigins?: (origin: string, host: string) => boolean;
  /** Server time for frames and the rate limit (default Date.now). */
  clock?: () => number;
  /** Bytes queued on one socket beyond which it is closed with 1013, try again later (default 4 MiB). */
  maxBufferedBytes?: number;
  /** Files authenticated connections by session so that ending a session closes them (the account routes' registry). */
  sessions?: SessionRegistry;
}

const DEFAULT_FLUSH_MS = 20;
const DEFAULT_MAX_BUFFERED_BYTES = 4 * 1024 * 1024;
/**
 * ws cuts frames above this at the socket (close 1009) before they are buffered whole; frames between the protocol
 * limit and this get a `message_too_large` error frame and the connection lives on.
 */
const MAX_PAYLOAD_BYTES = WS_LIMITS.maxMessageBytes * 4;

/** The connection's language: `?lang=` of the socket URL, zh_CN by default. */
function langOf(request: FastifyRequest): Lang {
  const lang = (request.query as Record<string, unknown> | undefined)?.lang;
  return parseLang(typeof lang === 'string' ? lang : undefined) ?? DEFAULT_LANG;
}

/**
 * Registers `@fastify/websocket` (unless already registered) and the gateway route, subscribes to the source's events
 * and stops everything when the app closes.
 */
export async function registerGateway(
  app: FastifyInstance,
  source: MarketSource,
  options: GatewayOptions = {},
): Promise<void> {
  const { allowedOrigins } = options;
  if (!app.hasDecorator('websocketServer')) {
    await app.register(websocket, {
      options: { maxPayload: MAX_PAYLOAD_BYTES },
      // Socket errors are the client's doing (oversize or invalid frames, resets): worth a note, not an error log.
      errorHandler: (err, socket, request) => {
        request.log.info({ err }, 'market-data socket error');
        socket.terminate();
      },
    });
  }
  const gateway = new Gateway(
    source,
    {
      flushMs: options.flushMs ?? DEFAULT_FLUSH_MS,
      heartbeatMs: options.heartbeatMs ?? HEARTBEAT_MS,
      clock: options.clock ?? Date.now,
      maxBufferedBytes: options.maxBufferedBytes ?? DEFAULT_MAX_BUFFERED_BYTES,
      ...(options.sessions ? { sessions: options.sessions } : {}),
    },
    app.log,
  );
  gateway.start();
  app.addHook('onClose', async () => gateway.stop());

  const checkOrigin = async (request: FastifyRequest, reply: FastifyReply) => {
    const origin = request.headers.origin;
    // No Origin: not a browser (bots, scripts), which could forge the header anyway.
    if (origin === undefined) return;
    const host = request.headers.host ?? '';
    if (isSameOrigin(origin, host) || allowedOrigins?.(origin, host)) return;
    // Answered before the upgrade: the client sees a plain 403 and no socket opens.
    return reply
      .code(403)
      .send({ code: ApiCode.forbidden, message: translate('forbidden', langOf(request)), data: null });
  };

  app.get(WS_PATH, { websocket: true, onRequest: checkOrigin }, (socket, request) => {
    gateway.accept(socket, langOf(request));
  });
}
