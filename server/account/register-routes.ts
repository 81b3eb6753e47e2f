import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  CountryListSchema,
  RegisterEmailBodySchema,
  RegisterPhoneBodySchema,
  RegisterResultSchema,
  ResetPasswordBodySchema,
} from '../../common/contracts/account.ts';
import { NoDataSchema } from '../../common/contracts/envelope.ts';
import { ok, reply } from '../http/envelope.ts';
import { publicAddresses } from './addresses.ts';
import { register, resetPassword } from './registration.ts';
import { requirePassword } from './rules.ts';

/** The regional-indicator flag of a two-letter code. */
function flagEmoji(twoCode: string): string {
  return String.fromCodePoint(...[...twoCode.toUpperCase()].map((ch) => 0x1f1e6 + ch.charCodeAt(0) - 65));
}

/** Registration by phone or e-mail, the password reset (forget flow) and the country list (spec shell §3, §7). */
export const registerRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const addresses = publicAddresses(app);
  const response = reply(RegisterResultSchema);

  app.post('/uc/register/phone', { schema: { body: RegisterPhoneBodySchema, response } }, async (request, res) => {
    const { body } = request;
    const a = await addresses.phone(body.country, body.phone ?? body.mobile);
    const input = { ...body, promotion: body.promotion ?? body.promotionCode };
    return ok(await register(app, addresses, { request, reply: res }, a, input));
  });
  app.post('/uc/register/email', { schema: { body: RegisterEmailBodySchema, response } }, async (request, res) => {
    const { body } = request;
    const a = addresses.email(body.email);
    if (body.country) a.country = await addresses.countryOf(body.country);
    const input = { ...body, promotion: body.promotion ?? body.promotionCode };
    return ok(await register(app, addresses, { request, reply: res }, a, input));
  });

  app.post(
    '/uc/reset/login/password',
    { schema: { body: ResetPasswordBodySchema, response: reply(NoDataSchema) } },
    async ({ body }) => {
      requirePassword(body.password);
      const a = await addresses.account(body.account, body.country, body.mode);
      await resetPassword(app, addresses, a, body);
      return ok(null);
    },
  );

  const countries = async () => {
    const rows = await app.account.repo.countries();
    return ok(
      rows.map((c) => ({
        zhName: c.zh_name,
        enName: c.en_name,
        areaCode: c.area_code,
        twoCode: c.two_code,
        isoCode: c.iso_code,
        countryImageUrl: null,
        flag: flagEmoji(c.two_code),
        label: `${c.en_name} +${c.area_code}`,
      })),
    );
  };
  app.post('/uc/support/country', { schema: { response: reply(CountryListSchema) } }, countries);
  app.get('/uc/support/country', { schema: { response: reply(CountryListSchema) } }, countries);
};
