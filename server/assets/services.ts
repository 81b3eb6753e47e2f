import type { FastifyInstance } from 'fastify';
import { type AddressBook, addressBook } from './address-book.ts';
import { type DepositService, depositService } from './deposits.ts';
import { type NetworksRepository, networksRepository } from './networks.ts';
import { type WithdrawalService, withdrawalService } from './withdrawals.ts';

/** The services of deposits, withdrawals and the address book, shared by their routes. */
export interface AssetServices {
  networks: NetworksRepository;
  deposits: DepositService;
  withdrawals: WithdrawalService;
  book: AddressBook;
}

export function assetServices(app: FastifyInstance): AssetServices {
  const networks = networksRepository(app.store.db);
  return {
    networks,
    deposits: depositService(app, networks),
    withdrawals: withdrawalService(app, networks),
    book: addressBook(app, networks),
  };
}
