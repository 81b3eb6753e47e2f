// The contracts with their prices and open interest (GET /swap/symbol-thumb), for the selector, the header and the lists.
import { useEffect, useState } from 'react';
import type { ContractThumb } from '../../../../common/contracts/swap.ts';
import { get, isSuccess } from '../../../api/request.ts';
import type { FavouritePaths } from '../../trade/favourites.ts';

/** The user's favourite contracts (spec trading §7). */
export const CONTRACT_FAVOURITES: FavouritePaths = {
  list: '/swap/contract/favor/list',
  add: '/swap/contract/favor/add',
  delete: '/swap/contract/favor/delete',
};

/** The list is read again this often: its open interest moves with positions and is on no socket channel. */
export const THUMBS_REFRESH_MS = 30_000;

export interface ContractThumbs {
  /** The last list read (empty before the first answer). */
  thumbs: readonly ContractThumb[];
  status: 'loading' | 'done' | 'error';
}

/** The contract list, read on mount and every {@link THUMBS_REFRESH_MS}; a failed refresh keeps the last list. */
export function useContractThumbs(): ContractThumbs {
  const [state, setState] = useState<ContractThumbs>({ thumbs: [], status: 'loading' });
  useEffect(() => {
    let live = true;
    const read = async () => {
      const result = await get<ContractThumb[]>('/swap/symbol-thumb', {}, { silent: true });
      if (!live) return;
      if (isSuccess(result.code) && Array.isArray(result.data)) setState({ thumbs: result.data, status: 'done' });
      else setState((s) => (s.status === 'done' ? s : { thumbs: [], status: 'error' }));
    };
    void read();
    const timer = setInterval(() => void read(), THUMBS_REFRESH_MS);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, []);
  return state;
}
