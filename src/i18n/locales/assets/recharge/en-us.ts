/** Strings of the assets screens (deposit, withdraw and address book), English: the shape of every locale's. */
export const rechargeEnUS = {};

export type RechargeMessages = typeof rechargeEnUS;
