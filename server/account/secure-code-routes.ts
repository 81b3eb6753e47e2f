import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { ApiCode } from '../../common/api.ts';
import { type SecureCodeBody, SecureCodeBodySchema, SendMode } from '../../common/contracts/account.ts';
import { NoDataSchema } from '../../common/contracts/envelope.ts';
import { requireUser, sessionUser } from '../auth/session.ts';
import { ApiError } from '../errors/api-error.ts';
import { ok, reply } from '../http/envelope.ts';
import { emptyBodyAsForm } from '../http/read.ts';
import { requestLang } from '../http/request-lang.ts';
import { boundDestination, emailDestination, fail, normalizeEmail, normalizePhone, phoneDestination } from './rules.ts';
import { type SecureType, securePurpose, secureType } from './security.ts';
import { sendCode } from './send.ts';

/**
 * Code sends of a signed-in user (spec shell §7 "Send phone code and send e-mail code", "Modify password send phone /
 * send e-mail: no payload"): to a bound address, or (bind, and change with a value) to a new one.
 */
export const secureCodeRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { repo } = app.account;

  /** The new address of a bind or a change: free to bind (or bound, to change), on a known country for a phone. */
  const newAddress = async (channel: 'email' | 'phone', body: SecureCodeBody & { value: string }) => {
    if (channel === 'email') {
      const email = normalizeEmail(body.value);
      return { key: emailDestination(email), address: email };
    }
    if (!body.country) throw ApiError.invalidParam('country');
    const country = await repo.country(body.country);
    if (!country) throw fail(400, ApiCode.badRequest, 'unknownCountry', { country: body.country });
    if (body.areaCode !== undefined && body.areaCode !== country.area_code) throw ApiError.invalidParam('areaCode');
    const phone = normalizePhone(body.value);
    return { key: phoneDestination(country.area_code, phone), address: `+${country.area_code} ${phone}` };
  };

  const sendSecure = async (
    request: FastifyRequest,
    channel: 'email' | 'phone',
    body: SecureCodeBody,
    fallback: SecureType,
  ) => {
    if (body.mode !== undefined && body.mode !== SendMode[channel]) throw ApiError.invalidParam('mode');
    const user = await sessionUser(app, request);
    const type = secureType(body.type, fallback);
    const bound = boundDestination(user, channel);
    let target: { key: string; address: string };
    const value = body.value;
    if ((type === 'BIND' || type === 'CHANGE') && value !== undefined) {
      if (type === 'BIND' && bound) throw fail(200, ApiCode.bindingConflict, 'alreadyBound');
      if (type === 'CHANGE' && !bound) throw fail(200, ApiCode.bindingConflict, 'notBound');
      target = await newAddress(channel, { ...body, value });
    } else {
      // A bound address: it confirms the change (for BIND, the other channel confirms the new one).
      if (!bound) throw fail(200, ApiCode.bindingConflict, 'notBound');
      target = bound;
    }
    await sendCode(app, request, {
      purpose: securePurpose(type, user.id),
      key: target.key,
      channel: channel === 'email' ? 'email' : 'sms',
      address: target.address,
      deliver: 'code',
      userKey: `user:${user.id}`,
      lang: requestLang(request),
      ...(body.code ? { verifyToken: { type, target: value ?? target.address, token: body.code } } : {}),
    });
    return ok(null);
  };

  const sendRoute = (url: string, channel: 'email' | 'phone', fallback: SecureType) =>
    app.post(
      url,
      {
        preValidation: emptyBodyAsForm,
        onRequest: requireUser,
        schema: { body: SecureCodeBodySchema, response: reply(NoDataSchema) },
      },
      (request) => sendSecure(request, channel, request.body, fallback),
    );
  sendRoute('/uc/approve/send/phone', 'phone', 'UPDATE_PASSWORD');
  sendRoute('/uc/approve/send/email', 'email', 'UPDATE_PASSWORD');
  sendRoute('/uc/approve/update/password/phone/code', 'phone', 'UPDATE_PASSWORD');
  sendRoute('/uc/approve/update/password/email/code', 'email', 'UPDATE_PASSWORD');
};
