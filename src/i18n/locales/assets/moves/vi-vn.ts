import type { MovesMessages } from './en-us.ts';

export const movesViVN: MovesMessages = {};
