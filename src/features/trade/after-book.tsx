import { type ReactNode, useEffect, useState } from 'react';
import { bookFirst } from './book-first.ts';
import { isMobile } from './mobile-tabs.tsx';

/**
 * A terminal panel beside the book that is rendered once the book has drawn its first live ladder (book-first.ts):
 * until then its grid area holds the empty panel box, so nothing moves when it comes. Only for panels whose size
 * never changes the book's (the tape's column, the orders' row below); on a phone, where the book is a tab of its
 * own, at once.
 */
export function AfterBook({ area, children }: { area: string; children: ReactNode }) {
  const [open, setOpen] = useState(() => bookFirst.isOpen() || isMobile());
  useEffect(() => (open ? undefined : bookFirst.after(() => setOpen(true))), [open]);
  return open ? children : <section className={`trade-panel ${area}`} aria-busy="true" />;
}
