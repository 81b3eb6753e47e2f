/** Strings of the assets screens (assets overview, wallet pages and bills), English: the shape of every locale's. */
export const propertyEnUS = {};

export type PropertyMessages = typeof propertyEnUS;
