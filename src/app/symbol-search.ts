/** spec shell §5 / trading §2: the search removes all whitespace and matches case-insensitively by substring. */
export function normalizeQuery(query: string): string {
  return query.replace(/\s+/g, '').toLowerCase();
}

export function matchesSymbol(symbol: string, query: string): boolean {
  const q = normalizeQuery(query);
  return q === '' || symbol.replace(/\s+/g, '').toLowerCase().includes(q);
}

export function searchSymbols<T extends { symbol: string }>(rows: readonly T[], query: string): T[] {
  const q = normalizeQuery(query);
  return q === '' ? [...rows] : rows.filter((r) => r.symbol.replace(/\s+/g, '').toLowerCase().includes(q));
}
