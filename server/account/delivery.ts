import type { FastifyBaseLogger } from 'fastify';
import type { OutboxEntry } from '../../common/contracts/account.ts';
import type { Lang } from '../../common/i18n.ts';
import type { Config } from '../config.ts';

export type Channel = OutboxEntry['channel'];

/** One message to deliver: a code (or, for the captcha, its solution) for a purpose and a destination. */
export interface OutgoingCode {
  channel: Channel;
  destination: string;
  purpose: string;
  /** The code; null when nothing may be given (a notice that the account already exists). */
  code: string | null;
  /** What the message says when there is no code. */
  note?: string;
  lang: Lang;
}

/** An SMS or e-mail gateway. */
export interface CodeSender {
  send(message: OutgoingCode): Promise<void>;
}

/** The dev outbox: the last messages, newest first, shown at GET /dev/outbox outside production. */
export class Outbox {
  readonly #entries: OutboxEntry[] = [];
  constructor(readonly capacity = 200) {}

  add(entry: OutboxEntry): void {
    this.#entries.unshift(entry);
    if (this.#entries.length > this.capacity) this.#entries.length = this.capacity;
  }

  list(): readonly OutboxEntry[] {
    return this.#entries;
  }
}

/** The default sender: the server log, plus the dev outbox when there is one. */
export function logSender(log: FastifyBaseLogger, outbox: Outbox | null, clock: () => number): CodeSender {
  return {
    async send(message) {
      log.info(
        { channel: message.channel, destination: message.destination, purpose: message.purpose, code: message.code },
        message.code === null ? `${message.channel} notice: ${message.note ?? ''}` : `${message.channel} code`,
      );
      outbox?.add({
        channel: message.channel,
        destination: message.destination,
        purpose: message.purpose,
        code: message.code,
        note: message.note ?? null,
        time: clock(),
      });
    },
  };
}

/** Posts each message as JSON to a gateway of the operator (SMS_SENDER_URL, EMAIL_SENDER_URL). */
export function webhookSender(url: string, fetchImpl: typeof fetch = fetch): CodeSender {
  return {
    async send(message) {
      const response = await fetchImpl(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(message),
        signal: AbortSignal.timeout(10_000),
      });
      if (!response.ok) throw new Error(`code sender answered ${response.status}`);
    },
  };
}

export interface Delivery {
  outbox: Outbox | null;
  send(message: OutgoingCode): Promise<void>;
}

/**
 * Picks the senders from the configuration. Outside production the outbox also records what a configured sender
 * sends, so that end-to-end tests can read codes whichever sender is in use.
 */
export function createDelivery(config: Config, log: FastifyBaseLogger, clock: () => number): Delivery {
  const outbox = config.production ? null : new Outbox();
  const fallback = logSender(log, outbox, clock);
  const sms = config.smsSenderUrl ? webhookSender(config.smsSenderUrl) : fallback;
  const email = config.emailSenderUrl ? webhookSender(config.emailSenderUrl) : fallback;
  return {
    outbox,
    async send(message) {
      if (message.channel === 'captcha') return fallback.send(message);
      const sender = message.channel === 'sms' ? sms : email;
      await sender.send(message);
      if (sender !== fallback && outbox) {
        outbox.add({ ...message, note: message.note ?? null, time: clock() });
      }
    },
  };
}
