import { CaptchaStore } from '../auth/captcha.ts';
import { CodeStore, RateCounter, TicketStore } from '../auth/codes.ts';
import { SocketSessions } from '../auth/socket-sessions.ts';
import { IP_SENDS_PER_HOUR } from '../config.ts';
import type { Db } from '../db/schema.ts';
import type { Delivery } from './delivery.ts';
import { type LoginRepository, loginRepository } from './login-devices.ts';
import {
  type AccountRepository,
  type AccountUsersRepository,
  accountRepository,
  accountUsersRepository,
} from './repository.ts';

/** Code sends one signed-in user may ask for per hour. */
export const USER_SENDS_PER_HOUR = 20;

/** The state of the account routes: codes, captchas, tickets, throttles, delivery and the socket registry. */
export interface AccountKit {
  codes: CodeStore;
  tickets: TicketStore;
  captcha: CaptchaStore;
  delivery: Delivery;
  sockets: SocketSessions;
  ipSends: RateCounter;
  /** Sends from 127.0.0.1 and ::1 (a higher cap outside production). */
  loopbackSends: RateCounter;
  userSends: RateCounter;
  repo: AccountRepository;
  userWrites: AccountUsersRepository;
  /** Remembered login devices and QR login requests (migration 0018). */
  logins: LoginRepository;
  /** First steps of two-step logins waiting for the Google code, by ticket. */
  loginTickets: Map<string, { userId: number; expiresAt: number; attempts: number }>;
}

/** A two-step login ticket lives this long and takes this many wrong codes. */
export const LOGIN_TICKET_TTL_MS = 5 * 60 * 1000;
export const LOGIN_TICKET_ATTEMPTS = 5;

export function createAccountKit(
  db: Db,
  delivery: Delivery,
  ipSendsPerHour = IP_SENDS_PER_HOUR,
  loopbackSendsPerHour = ipSendsPerHour,
): AccountKit {
  return {
    codes: new CodeStore(),
    tickets: new TicketStore(),
    captcha: new CaptchaStore(),
    delivery,
    sockets: new SocketSessions(),
    ipSends: new RateCounter(ipSendsPerHour, 60 * 60 * 1000),
    loopbackSends: new RateCounter(loopbackSendsPerHour, 60 * 60 * 1000),
    userSends: new RateCounter(USER_SENDS_PER_HOUR, 60 * 60 * 1000),
    repo: accountRepository(db),
    userWrites: accountUsersRepository(db),
    logins: loginRepository(db),
    loginTickets: new Map(),
  };
}

/** Starts the first step of a two-step login; returns its ticket. Expired tickets are swept as new ones come. */
export function addLoginTicket(kit: AccountKit, ticket: string, userId: number, now: number): number {
  if (kit.loginTickets.size >= 10_000) {
    for (const [key, entry] of kit.loginTickets) if (entry.expiresAt <= now) kit.loginTickets.delete(key);
  }
  const expiresAt = now + LOGIN_TICKET_TTL_MS;
  kit.loginTickets.set(ticket, { userId, expiresAt, attempts: 0 });
  return expiresAt;
}
