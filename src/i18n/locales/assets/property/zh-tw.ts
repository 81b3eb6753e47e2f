import type { PropertyMessages } from './en-us.ts';

export const propertyZhTW: PropertyMessages = {};
