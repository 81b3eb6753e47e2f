import type { FastifyInstance } from 'fastify';
import { ApiCode } from '../../common/api.ts';
import type { User } from '../db/schema.ts';
import { ApiError } from '../errors/api-error.ts';
import type { Country } from './repository.ts';
import { codeError, emailDestination, fail, normalizeEmail, normalizePhone, phoneDestination } from './rules.ts';

/** Slider and code types of the public flows (spec shell §7 "Check verify": REGISTER, RESET or the send type). */
export const PUBLIC_TYPES = ['REGISTER', 'RESET', 'LOGIN'] as const;
export type PublicType = (typeof PUBLIC_TYPES)[number];

/** One of the public types; anything else is a bad parameter. */
export function publicType(text: string | undefined, fallback: PublicType): string {
  const type = (text ?? fallback).toUpperCase();
  if (!(PUBLIC_TYPES as readonly string[]).includes(type)) throw ApiError.invalidParam('type');
  return type;
}

/** A phone or e-mail as the flows address it: its code key, the person-readable address and its slider target. */
export interface Address {
  kind: 'phone' | 'email';
  key: string;
  address: string;
  target: string;
  email: string | null;
  phone: string | null;
  country: Country | null;
}

/**
 * The addresses of the public flows (registration, reset): a phone of a country or an e-mail, normalised and checked,
 * the account behind one, and the codes and tickets issued for them.
 */
export function publicAddresses(app: FastifyInstance) {
  const { repo, userWrites, codes, tickets } = app.account;

  const countryOf = async (code: string): Promise<Country> => {
    const country = await repo.country(code);
    if (!country) throw fail(400, ApiCode.badRequest, 'unknownCountry', { country: code });
    return country;
  };
  const phone = async (countryCode: string, phoneText: string | undefined): Promise<Address> => {
    if (phoneText === undefined) throw ApiError.invalidParam('phone');
    const country = await countryOf(countryCode);
    const number = normalizePhone(phoneText);
    const key = phoneDestination(country.area_code, number);
    const address = `+${country.area_code} ${number}`;
    return { kind: 'phone', key, address, target: number, email: null, phone: number, country };
  };
  const email = (text: string | undefined): Address => {
    if (text === undefined) throw ApiError.invalidParam('email');
    const address = normalizeEmail(text);
    const key = emailDestination(address);
    return { kind: 'email', key, address, target: address, email: address, phone: null, country: null };
  };

  return {
    countryOf,
    phone,
    email,
    /** The account at an address, if any. */
    userAt: async (a: Address): Promise<User | undefined> =>
      a.kind === 'email'
        ? userWrites.findByEmail(a.email ?? '')
        : userWrites.findByMobile(a.country?.area_code ?? '', a.phone ?? ''),
    /** An account name of the reset flow: an e-mail, or a phone of the given country. */
    account: async (account: string, country: string | undefined, mode: number | undefined): Promise<Address> => {
      if (mode === 0 || (mode === undefined && account.includes('@'))) return email(account);
      if (!country) throw ApiError.invalidParam('country');
      return phone(country, account);
    },
    /** A right code becomes a single-use ticket (data.verifyCode) for the next step. */
    checkCode: (type: string, a: Address, code: string) => {
      const result = codes.check(type, a.key, code.trim(), app.clock());
      if (result !== 'ok') throw codeError(result);
      return { verifyCode: tickets.issue(type, a.key, app.clock()) };
    },
    /** Spends a ticket from a check, or the code itself. */
    spendCode: (type: string, a: Address, code: string) => {
      const now = app.clock();
      if (tickets.take(type, a.key, code, now)) return;
      if (!/^\d{6}$/.test(code)) throw fail(200, ApiCode.ticketInvalid, 'ticketInvalid');
      const result = codes.check(type, a.key, code, now);
      if (result !== 'ok') throw codeError(result);
    },
  };
}
export type PublicAddresses = ReturnType<typeof publicAddresses>;
