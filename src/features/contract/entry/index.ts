export { ContractEntry } from './contract-entry.tsx';
export type { ContractEntryProps, EntryPrices, EntrySession } from './types.ts';
