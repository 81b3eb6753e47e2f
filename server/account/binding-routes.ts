import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { ApiCode } from '../../common/api.ts';
import {
  type BindEmailBody,
  BindEmailBodySchema,
  type BindPhoneBody,
  BindPhoneBodySchema,
} from '../../common/contracts/account.ts';
import { NoDataSchema } from '../../common/contracts/envelope.ts';
import { requireUser, sessionUser } from '../auth/session.ts';
import type { User } from '../db/schema.ts';
import { ApiError } from '../errors/api-error.ts';
import { ok, reply } from '../http/envelope.ts';
import { boundDestination, emailDestination, fail, normalizeEmail, normalizePhone, phoneDestination } from './rules.ts';
import { securityFactors } from './security.ts';

/** Refuses an address another account holds (a race past the check meets the unique index instead). */
function assertFree(user: User, found: User | undefined): void {
  if (found && found.id !== user.id) throw fail(200, ApiCode.bindingConflict, 'destinationUnavailable');
}

/** Stores a new address; two accounts racing for one meet the unique index, answered like a taken address. */
async function storeAddress(write: () => Promise<void>): Promise<void> {
  try {
    await write();
  } catch (error) {
    if (error instanceof Error && /UNIQUE/.test(error.message)) {
      throw fail(200, ApiCode.bindingConflict, 'destinationUnavailable');
    }
    throw error;
  }
}

/**
 * Binding an e-mail or a phone to an account that has none, and changing a bound one (spec shell §7 "Binding"): the
 * new address's code with the other factors, or for a change the codes of both the old and the new address.
 */
export const bindingRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { repo, userWrites } = app.account;
  const factors = securityFactors(app);

  const bindEmail = (change: boolean) => async (request: FastifyRequest<{ Body: BindEmailBody }>) => {
    const { body } = request;
    const user = await sessionUser(app, request);
    const email = normalizeEmail(body.email);
    const old = boundDestination(user, 'email');
    if (!change && old) throw fail(200, ApiCode.bindingConflict, 'alreadyBound');
    if (change && !old) throw fail(200, ApiCode.bindingConflict, 'notBound');
    if (change && old && old.address === email) throw fail(200, ApiCode.bindingConflict, 'destinationUnavailable');
    assertFree(user, await userWrites.findByEmail(email));
    const key = emailDestination(email);
    const given = { oldCode: body.oldCode, code: body.code, googleCode: body.googleCode };
    if (change && old) await factors.changeWithCodes(user, { old: old.key, fresh: key }, given, 'emailCodeRequired');
    else await factors.bindWithFactors(user, key, body.code, { phoneCode: body.phoneCode }, body.googleCode);
    await storeAddress(() => userWrites.setEmail(user.id, email));
    return ok(null);
  };

  const bindPhone = (change: boolean) => async (request: FastifyRequest<{ Body: BindPhoneBody }>) => {
    const { body } = request;
    const user = await sessionUser(app, request);
    const country = await repo.country(body.country);
    if (!country) throw fail(400, ApiCode.badRequest, 'unknownCountry', { country: body.country });
    const raw = body.phone ?? body.mobile;
    if (raw === undefined) throw ApiError.invalidParam('phone');
    const phone = normalizePhone(raw);
    const old = boundDestination(user, 'phone');
    if (!change && old) throw fail(200, ApiCode.bindingConflict, 'alreadyBound');
    if (change && !old) throw fail(200, ApiCode.bindingConflict, 'notBound');
    const key = phoneDestination(country.area_code, phone);
    if (change && old && old.key === key) throw fail(200, ApiCode.bindingConflict, 'destinationUnavailable');
    assertFree(user, await userWrites.findByMobile(country.area_code, phone));
    const given = { oldCode: body.oldCode, code: body.code, googleCode: body.googleCode };
    if (change && old) await factors.changeWithCodes(user, { old: old.key, fresh: key }, given, 'phoneCodeRequired');
    else await factors.bindWithFactors(user, key, body.code, { emailCode: body.emailCode }, body.googleCode);
    await storeAddress(() => userWrites.setMobile(user.id, country.area_code, phone));
    return ok(null);
  };

  const email = { onRequest: requireUser, schema: { body: BindEmailBodySchema, response: reply(NoDataSchema) } };
  const phone = { onRequest: requireUser, schema: { body: BindPhoneBodySchema, response: reply(NoDataSchema) } };
  app.post('/uc/approve/bind/email', email, bindEmail(false));
  app.post('/uc/approve/change/email', email, bindEmail(true));
  app.post('/uc/approve/bind/phone', phone, bindPhone(false));
  app.post('/uc/approve/change/phone', phone, bindPhone(true));
};
