/**
 * Where a login goes (spec shell §2 "/login ?from= ?fromUrl="): fromUrl, else from, else home. Only paths inside the
 * app are followed, so a crafted link cannot send a fresh session to another site.
 */
export function afterLoginPath(search: string): string {
  const query = new URLSearchParams(search);
  for (const key of ['fromUrl', 'from']) {
    const value = query.get(key);
    if (value && isInAppPath(value)) return value;
  }
  return '/';
}

export function isInAppPath(path: string): boolean {
  return path.startsWith('/') && !path.startsWith('//') && !path.includes('\\') && !/^\/login\b/.test(path);
}
