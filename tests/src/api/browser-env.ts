import { vi } from 'vitest';

/** A minimal Storage. */
export class MemoryStorage implements Storage {
  private map = new Map<string, string>();
  get length() {
    return this.map.size;
  }
  clear() {
    this.map.clear();
  }
  getItem(key: string) {
    return this.map.get(key) ?? null;
  }
  key(index: number) {
    return [...this.map.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.map.delete(key);
  }
  setItem(key: string, value: string) {
    this.map.set(key, String(value));
  }
}

/** A cookie jar that behaves like document.cookie: writes parse attributes, expired cookies are dropped. */
export class CookieJar {
  readonly jar = new Map<string, { value: string; expires: number | null }>();
  readonly writes: string[] = [];
  get cookie(): string {
    const now = Date.now();
    return [...this.jar.entries()]
      .filter(([, c]) => c.expires === null || c.expires > now)
      .map(([k, c]) => `${k}=${c.value}`)
      .join('; ');
  }
  set cookie(line: string) {
    this.writes.push(line);
    const [pair = '', ...attrs] = line.split(';').map((s) => s.trim());
    const eq = pair.indexOf('=');
    const name = pair.slice(0, eq);
    const value = pair.slice(eq + 1);
    let expires: number | null = null;
    for (const a of attrs) if (a.toLowerCase().startsWith('expires=')) expires = Date.parse(a.slice(8));
    if (expires !== null && expires <= Date.now()) this.jar.delete(name);
    else this.jar.set(name, { value, expires });
  }
  /** Expiry of a cookie in ms from now. */
  expiresIn(name: string): number | null {
    const c = this.jar.get(name);
    return c?.expires == null ? null : c.expires - Date.now();
  }
}

/** Installs sessionStorage, localStorage and document.cookie on globalThis for one test. */
export function installBrowser() {
  const sessionStorage = new MemoryStorage();
  const localStorage = new MemoryStorage();
  const document = new CookieJar();
  const assign = vi.fn();
  vi.stubGlobal('sessionStorage', sessionStorage);
  vi.stubGlobal('localStorage', localStorage);
  vi.stubGlobal('document', document);
  vi.stubGlobal('location', { assign, reload: vi.fn(), pathname: '/', search: '' });
  return { sessionStorage, localStorage, document, assign };
}
