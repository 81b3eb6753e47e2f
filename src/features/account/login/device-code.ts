// The browser's device code for device-authorised login (spec shell §7 "/uc/login{…,code,deviceCode}"): 128 random
// bits made once and kept in local storage, so the server can remember this browser (it keeps only a hash).
const DEVICE_CODE_KEY = 'deviceCode';
const VALID = /^[A-Za-z0-9_-]{16,128}$/;

let memory: string | null = null;

function fresh(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** This browser's device code; with storage disabled, one per page load (such a browser is always a new device). */
export function deviceCode(): string {
  try {
    const stored = globalThis.localStorage?.getItem(DEVICE_CODE_KEY) ?? null;
    if (stored && VALID.test(stored)) return stored;
    const made = fresh();
    globalThis.localStorage?.setItem(DEVICE_CODE_KEY, made);
    return made;
  } catch {
    memory ??= fresh();
    return memory;
  }
}
