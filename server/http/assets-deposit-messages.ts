/** Messages of the assets routes (issue 9, deposit part) in the seven UI languages; merged into messages.ts. */
export const DEPOSIT_MESSAGES = {};
