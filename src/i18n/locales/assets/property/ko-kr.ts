import type { PropertyMessages } from './en-us.ts';

export const propertyKoKR: PropertyMessages = {};
