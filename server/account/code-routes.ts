import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { ApiCode } from '../../common/api.ts';
import {
  CheckEmailCodeBodySchema,
  CheckPhoneCodeBodySchema,
  type EmailCodeBody,
  EmailCodeBodySchema,
  type PhoneCodeBody,
  PhoneCodeBodySchema,
  RegisterCheckBodySchema,
  ResetVerifyBodySchema,
  VerifyCodeSchema,
} from '../../common/contracts/account.ts';
import { NoDataSchema } from '../../common/contracts/envelope.ts';
import { ApiError } from '../errors/api-error.ts';
import { type Api, ok, reply } from '../http/envelope.ts';
import { requestLang } from '../http/request-lang.ts';
import { type Address, type PublicAddresses, publicAddresses, publicType } from './addresses.ts';
import { fail } from './rules.ts';
import { sendCode } from './send.ts';

/**
 * Code sends and checks of registration and password reset (spec shell §7 "Verification wrappers"): each send spends
 * a solved slider; a right code becomes a ticket for the next step.
 */
export const codeRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const addresses = publicAddresses(app);
  sendRoutes(app, addresses);
  checkRoutes(app, addresses);
};

function sendRoutes(app: Api, addresses: PublicAddresses): void {
  /** Same answer whether the account exists or not: only what is delivered differs (DESIGN §5). */
  const sendPublic = async (a: Address, type: string, token: string | undefined, request: FastifyRequest) => {
    if (!token) throw fail(200, ApiCode.verifyTokenInvalid, 'verifyTokenInvalid');
    const exists = (await addresses.userAt(a)) !== undefined;
    const deliver = type === 'REGISTER' ? (exists ? 'notice' : 'code') : exists ? 'code' : 'none';
    await sendCode(app, request, {
      purpose: type,
      key: a.key,
      channel: a.kind === 'email' ? 'email' : 'sms',
      address: a.address,
      deliver,
      verifyToken: { type, target: a.target, token },
      background: true,
      lang: requestLang(request),
    });
    return ok(null);
  };
  const sendPhone = async (body: PhoneCodeBody, request: FastifyRequest, type: string) => {
    const a = await addresses.phone(body.country, body.phone ?? body.tel ?? body.mobile);
    return sendPublic(a, type, body.verifyToken ?? body.token, request);
  };
  const sendEmail = async (body: EmailCodeBody, request: FastifyRequest, type: string) =>
    sendPublic(addresses.email(body.email ?? body.mail), type, body.verifyToken ?? body.token, request);

  const phone = { schema: { body: PhoneCodeBodySchema, response: reply(NoDataSchema) } };
  const email = { schema: { body: EmailCodeBodySchema, response: reply(NoDataSchema) } };
  for (const url of ['/uc/mobile/code', '/uc/pc/mobile/code']) {
    app.post(url, phone, (r) => sendPhone(r.body, r, publicType(r.body.type, 'REGISTER')));
  }
  for (const url of ['/uc/reg/email/code', '/uc/pc/reg/email/code']) {
    app.post(url, email, (r) => sendEmail(r.body, r, publicType(r.body.type, 'REGISTER')));
  }
  app.post('/uc/reset/phone/code', phone, (r) => sendPhone(r.body, r, 'RESET'));
  app.post('/uc/reset/email/code', email, (r) => sendEmail(r.body, r, 'RESET'));
}

function checkRoutes(app: Api, addresses: PublicAddresses): void {
  const response = reply(VerifyCodeSchema);
  app.post('/uc/register/check-code', { schema: { body: RegisterCheckBodySchema, response } }, async ({ body }) => {
    const a = body.type === 1 ? await addresses.phone(body.country ?? '', body.mobile) : addresses.email(body.email);
    if (body.type === 1 && !body.country) throw ApiError.invalidParam('country');
    return ok(addresses.checkCode('REGISTER', a, body.registCode));
  });
  app.post('/uc/check/mobile/code', { schema: { body: CheckPhoneCodeBodySchema, response } }, async ({ body }) => {
    const type = publicType(body.type, 'REGISTER');
    return ok(addresses.checkCode(type, await addresses.phone(body.country, body.mobile), body.code));
  });
  app.post('/uc/check/email/code', { schema: { body: CheckEmailCodeBodySchema, response } }, async ({ body }) =>
    ok(addresses.checkCode(publicType(body.type, 'REGISTER'), addresses.email(body.email), body.code)),
  );
  app.post('/uc/reset/login/verify', { schema: { body: ResetVerifyBodySchema, response } }, async ({ body }) =>
    ok(addresses.checkCode('RESET', await addresses.account(body.account, body.country, body.mode), body.code)),
  );
}
