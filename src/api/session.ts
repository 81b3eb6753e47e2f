import { proxy, subscribe, useSnapshot } from 'valtio';
import type { UserInfo } from '../../common/contracts/account.ts';

/**
 * The session of spec shell §4: the token that a response header hands out is kept in session storage and in a
 * 30-day cookie; the signed-in user's id feeds the request layer's `v` parameter. Storage stays the record (a new tab
 * reads the cookie); a valtio store mirrors it for the components that show who is signed in.
 */

export const TOKEN_KEY = 'token';
export const TOKEN_COOKIE = 'token';
/** spec shell §9: token cookie 30 days. */
export const TOKEN_COOKIE_DAYS = 30;
const USER_KEY = 'userInfo';

/**
 * The stored part of the user info (`/uc/member/my-info`, common/contracts/account.ts): the id, and the rest optional
 * because a user stored by an older client may lack it. `country` is the profile's, `kycTwoCode` the verified one.
 */
export type SessionUser = Pick<UserInfo, 'id'> &
  Partial<Pick<UserInfo, 'uid' | 'username' | 'promotionCode' | 'country' | 'kycTwoCode' | 'realVerified'>>;

interface SessionState {
  token: string | null;
  user: SessionUser | null;
}

/** Who is signed in, for rendering; changed only through setToken, setUser, clearSession (and a token found). */
const sessionState = proxy<SessionState>({ token: null, user: null });

function tabStorage(): Storage | null {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null;
  }
}

function hasDocument(): boolean {
  return typeof document !== 'undefined';
}

export function readCookie(name: string): string | null {
  if (!hasDocument()) return null;
  for (const part of document.cookie.split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return decodeURIComponent(value.join('='));
  }
  return null;
}

function writeCookie(name: string, value: string, days: number): void {
  if (!hasDocument()) return;
  const expires = new Date(Date.now() + days * 86_400_000).toUTCString();
  // biome-ignore lint/suspicious/noDocumentCookie: the token cookie is the spec's (shell §4).
  document.cookie = `${name}=${encodeURIComponent(value)}; expires=${expires}; path=/; SameSite=Lax`;
}

/** The token: session storage first, else the cookie (a new tab of a signed-in browser). */
export function getToken(): string | null {
  const stored = tabStorage()?.getItem(TOKEN_KEY);
  const token = stored || readCookie(TOKEN_COOKIE) || null;
  if (token && !stored) tabStorage()?.setItem(TOKEN_KEY, token);
  // A token found here (another tab signed in) reaches the components too.
  if (sessionState.token !== token) sessionState.token = token;
  return token;
}

/** Stores a token handed out by the server: session storage and a 30-day cookie. */
export function setToken(token: string): void {
  tabStorage()?.setItem(TOKEN_KEY, token);
  writeCookie(TOKEN_COOKIE, token, TOKEN_COOKIE_DAYS);
  sessionState.token = token;
}

/** A token kept only in session storage with no matching cookie (spec shell §4: clear it and reload). */
export function hasOrphanToken(): boolean {
  const stored = tabStorage()?.getItem(TOKEN_KEY);
  return !!stored && readCookie(TOKEN_COOKIE) !== stored;
}

/** Clears the session and the stored credentials (code 401/4000, logout). */
export function clearSession(): void {
  tabStorage()?.removeItem(TOKEN_KEY);
  tabStorage()?.removeItem(USER_KEY);
  if (hasDocument()) {
    // biome-ignore lint/suspicious/noDocumentCookie: expiring the token cookie.
    document.cookie = `${TOKEN_COOKIE}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/; SameSite=Lax`;
  }
  sessionState.token = null;
  sessionState.user = null;
}

export function getUser(): SessionUser | null {
  const raw = tabStorage()?.getItem(USER_KEY);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as SessionUser;
  } catch {
    return null;
  }
}

export function setUser(user: SessionUser): void {
  tabStorage()?.setItem(USER_KEY, JSON.stringify(user));
  sessionState.user = user;
}

// Read from storage once the functions above exist.
sessionState.token = getToken();
sessionState.user = getUser();

/** The session for rendering: the caller re-renders when the token or the user it read changes. */
export function useSession(): Readonly<{ token: string | null; user: Readonly<SessionUser> | null }> {
  return useSnapshot(sessionState);
}

/**
 * Whether a user is signed in (a token is held), for components that need only that: unlike the shell's context, it
 * does not render them again when the shell's other state (its config answers) arrives.
 */
export function useIsLogin(): boolean {
  return !!useSnapshot(sessionState).token;
}

/** Calls `listener` after the token or the user changes (the data plane's workers follow the session). */
export function onSessionChange(listener: () => void): () => void {
  return subscribe(sessionState, listener);
}
