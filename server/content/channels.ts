/**
 * Official-channel checks (/support-center/channel-verification): what a user pastes (a link, an e-mail, a handle) is
 * reduced to one comparable key, and so is every stored channel. Pure: the tests and the migration both use it.
 */

export type ChannelKind = 'website' | 'email' | 'telegram' | 'x' | 'discord' | 'youtube';

/** What a pasted value names: an e-mail address, a handle (kind unknown) or a place on the web. */
export type ParsedContact =
  | { type: 'email'; value: string }
  | { type: 'handle'; value: string }
  | { type: 'telegram' | 'x'; value: string }
  | { type: 'url'; host: string; path: string };

/** Longest input looked at; longer is refused as invalid. */
export const MAX_CONTACT_LENGTH = 200;

const EMAIL = /^[^\s@/]+@[a-z0-9-]+(?:\.[a-z0-9-]+)+$/;
const HANDLE = /^@?([a-z0-9_]{3,32})$/;
const HOST = /^[a-z0-9-]+(?:\.[a-z0-9-]+)+$/;
const TELEGRAM_HOSTS = new Set(['t.me', 'telegram.me']);
const X_HOSTS = new Set(['x.com', 'twitter.com']);

/** Parses a pasted contact; null when it is none of these (empty, too long, spaces inside, not a host). */
export function parseContact(raw: string): ParsedContact | null {
  const text = raw.trim().toLowerCase();
  if (!text || text.length > MAX_CONTACT_LENGTH || /\s/.test(text)) return null;
  if (text.startsWith('mailto:')) return parseContact(text.slice(7));
  if (EMAIL.test(text)) return { type: 'email', value: text };
  const handle = HANDLE.exec(text);
  if (handle?.[1] && (text.startsWith('@') || !text.includes('.'))) return { type: 'handle', value: handle[1] };
  const bare = text.replace(/^[a-z][a-z0-9+.-]*:\/\//, '');
  const slash = bare.indexOf('/');
  const host = (slash < 0 ? bare : bare.slice(0, slash)).replace(/:\d+$/, '').replace(/^www\./, '');
  if (!HOST.test(host)) return null;
  const segments = (slash < 0 ? '' : bare.slice(slash)).split(/[?#]/)[0]?.split('/').filter(Boolean) ?? [];
  const first = segments[0] ?? '';
  if (TELEGRAM_HOSTS.has(host) && first) return { type: 'telegram', value: first.replace(/^@/, '') };
  if (X_HOSTS.has(host) && first) return { type: 'x', value: first.replace(/^@/, '') };
  return { type: 'url', host, path: first ? `/${first}` : '' };
}

/** The key a stored channel is compared by. */
export function channelValue(kind: ChannelKind, display: string): string {
  const parsed = parseContact(display);
  if (!parsed) throw new Error(`not a channel: ${display}`);
  if (kind === 'website') {
    if (parsed.type !== 'url') throw new Error(`not a website: ${display}`);
    return parsed.host;
  }
  if (kind === 'discord' || kind === 'youtube') {
    if (parsed.type !== 'url') throw new Error(`not a link: ${display}`);
    return `${parsed.host}${parsed.path}`;
  }
  if (parsed.type === 'url') throw new Error(`not a ${kind} contact: ${display}`);
  return parsed.value;
}

export interface StoredChannel {
  kind: string;
  value: string;
}

/**
 * The stored channels a parsed contact is: a website by its host (any page of it), a community link by host and first
 * path segment, an e-mail exactly, a handle on Telegram or X (either, when the kind is not known).
 */
export function matchChannels<T extends StoredChannel>(contact: ParsedContact, channels: readonly T[]): T[] {
  switch (contact.type) {
    case 'email':
      return channels.filter((c) => c.kind === 'email' && c.value === contact.value);
    case 'handle':
      return channels.filter((c) => (c.kind === 'telegram' || c.kind === 'x') && c.value === contact.value);
    case 'telegram':
    case 'x':
      return channels.filter((c) => c.kind === contact.type && c.value === contact.value);
    case 'url':
      return channels.filter(
        (c) =>
          (c.kind === 'website' && c.value === contact.host) ||
          ((c.kind === 'discord' || c.kind === 'youtube') && c.value === `${contact.host}${contact.path}`),
      );
  }
}
