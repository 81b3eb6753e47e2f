import type { RechargeMessages } from './en-us.ts';

export const rechargeZhTW: RechargeMessages = {};
