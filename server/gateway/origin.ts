/**
 * Same-origin check of a WebSocket upgrade. Browsers send `Origin` on every WebSocket handshake and do not apply CORS
 * to it, so without this check any page could read the private `user` channel with the visitor's token.
 */
export function isSameOrigin(origin: string, host: string | undefined): boolean {
  if (!host) return false;
  let url: URL;
  let hostUrl: URL;
  try {
    url = new URL(origin);
    // Parsed with the origin's scheme so a default port written out (`:443`) compares equal to one left out.
    hostUrl = new URL(`${url.protocol}//${host}`);
  } catch {
    return false;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  return url.host === hostUrl.host && hostUrl.pathname === '/' && !hostUrl.username;
}
