import { describe, expect, it } from 'vitest';
import { searchTabs } from '../../../../src/features/shell/symbol-search.tsx';

describe('the header search’s tabs', () => {
  it('offers no contract tab while the contract terminal is not built, so no row leads to a missing page', () => {
    expect(searchTabs()).toEqual(['all', 'spot']);
    expect(searchTabs(true)).toEqual(['all', 'spot', 'contract']);
  });
});
