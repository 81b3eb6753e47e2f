/**
 * The registration cache of spec shell §3 (session storage, read by the verification screen) and the hand-over from
 * the verification screen to the set-password screen. Both are removed once read (spec shell §4).
 */

/** Registration or password reset (fromType 1 = registration; any other value = reset). */
export type Purpose = 'register' | 'reset';

export interface RegistrationCache {
  purpose: Purpose;
  /** Country two-letter code and area code of a phone account; the e-mail account may carry one too. */
  country: string;
  areaCode: string;
  tel: string;
  mail: string;
  /** Referral code. */
  code: string;
  /** The slider's single-use verify token the code was sent with (resend needs a new one). */
  verifyCode: string;
}

export interface PasswordTicket {
  purpose: Purpose;
  country: string;
  tel: string;
  mail: string;
  /** Referral code. */
  code: string;
  /** The server's single-use ticket for a checked code (data.verifyCode). */
  ticket: string;
}

const CACHE_KEY = 'registrationCache';
const TICKET_KEY = 'passwordTicket';

function store(): Storage | null {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null;
  }
}

function take<T>(key: string): T | null {
  const s = store();
  const raw = s?.getItem(key);
  if (!raw) return null;
  s?.removeItem(key);
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}

export function saveRegistrationCache(cache: RegistrationCache): void {
  store()?.setItem(CACHE_KEY, JSON.stringify(cache));
}

/** Reads and removes the cache. */
export function takeRegistrationCache(): RegistrationCache | null {
  return take<RegistrationCache>(CACHE_KEY);
}

export function savePasswordTicket(ticket: PasswordTicket): void {
  store()?.setItem(TICKET_KEY, JSON.stringify(ticket));
}

export function takePasswordTicket(): PasswordTicket | null {
  return take<PasswordTicket>(TICKET_KEY);
}

/** spec shell §2: fromType 1 is registration, any other value a reset. */
export function purposeOfFromType(fromType: string | null): Purpose {
  return fromType === null || fromType === '1' ? 'register' : 'reset';
}
