import type { MovesMessages } from './en-us.ts';

export const movesKoKR: MovesMessages = {};
