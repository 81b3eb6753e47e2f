import type { RechargeMessages } from './en-us.ts';

export const rechargeJa: RechargeMessages = {};
