/** Strings of the assets screens (internal transfer, wallet transfer and quick exchange), English: the shape of every locale's. */
export const movesEnUS = {};

export type MovesMessages = typeof movesEnUS;
