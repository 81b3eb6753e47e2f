import { PARTNER_LOGOS } from './rules.ts';

/** The partners' names (their logos are drawn under public/home/partners/{light,dark}/NN.svg). */
export const PARTNER_NAMES: readonly string[] = [
  'Northwind',
  'Bluepeak',
  'Kestrel Labs',
  'Orbital Pay',
  'Lumen Custody',
  'Harbor Node',
  'Quanta Data',
  'Vertex Audit',
  'Cobalt Cloud',
  'Summit Capital',
  'Meridian',
  'Pinecone',
  'Atlas Oracle',
  'Helix Security',
  'Nimbus Wallet',
  'Sable Markets',
  'Polaris Research',
  'Granite Trust',
  'Aurora Chain',
  'Ember Analytics',
];

export interface PartnerLogo {
  name: string;
  src: string;
}

/** The 20 logos of a theme (spec shell §2: light and dark sets). */
export function partnerLogos(theme: 'light' | 'dark'): PartnerLogo[] {
  return PARTNER_NAMES.slice(0, PARTNER_LOGOS).map((name, i) => ({
    name,
    src: `/home/partners/${theme}/${String(i + 1).padStart(2, '0')}.svg`,
  }));
}

/** The next scroll offset of the strip: one more pixel, back by one set's width once a whole set has passed. */
export function nextScroll(offset: number, setWidth: number): number {
  const next = offset + 1;
  return setWidth > 0 && next >= setWidth ? next - setWidth : next;
}
