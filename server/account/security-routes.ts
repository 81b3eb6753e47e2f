import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  LoginDeviceListSchema,
  MemberCenterSchema,
  RevokeDeviceBodySchema,
  SecuritySettingSchema,
} from '../../common/contracts/account.ts';
import { NoDataSchema } from '../../common/contracts/envelope.ts';
import { requestToken, requireUser, sessionUser, userOf } from '../auth/session.ts';
import { hashToken } from '../auth/tokens.ts';
import { ApiError } from '../errors/api-error.ts';
import { ok, reply } from '../http/envelope.ts';
import { securitySetting } from './security.ts';

/** The signed-in user's security state, the member centre and the login devices (spec shell §2 security pages). */
export const securityRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { userWrites } = app.account;

  app.route({
    method: ['GET', 'POST'],
    url: '/uc/approve/security/setting',
    onRequest: requireUser,
    schema: { response: reply(SecuritySettingSchema) },
    handler: async (request) => ok(await securitySetting(app, await sessionUser(app, request))),
  });

  app.route({
    method: ['GET', 'POST'],
    url: '/uc/member/center',
    onRequest: requireUser,
    schema: { response: reply(MemberCenterSchema) },
    handler: async (request) => {
      const user = await sessionUser(app, request);
      const devices = await userWrites.sessions(user.id, app.clock());
      return ok({
        id: user.id,
        uid: user.uid,
        username: user.username,
        promotionCode: user.promotion_code,
        country: user.country,
        kycTwoCode: user.kyc_two_code,
        createTime: user.created_at,
        lastLoginTime: devices[0]?.created_at ?? null,
        lastLoginIp: devices[0]?.ip ?? null,
        ...(await securitySetting(app, user)),
      });
    },
  });

  app.route({
    method: ['GET', 'POST'],
    url: '/uc/approve/security/devices',
    onRequest: requireUser,
    schema: { response: reply(LoginDeviceListSchema) },
    handler: async (request) => {
      const current = hashToken(requestToken(request) ?? '');
      const rows = await userWrites.sessions(userOf(request).id, app.clock());
      return ok(
        rows.map((s) => ({
          id: s.id,
          ip: s.ip,
          device: s.user_agent,
          loginTime: s.created_at,
          expireTime: s.expires_at,
          current: s.token_hash === current,
        })),
      );
    },
  });

  /** Signs one login device out: its session and sockets end. Another user's or an unknown id is the same error. */
  app.post(
    '/uc/approve/security/devices/revoke',
    { onRequest: requireUser, schema: { body: RevokeDeviceBodySchema, response: reply(NoDataSchema) } },
    async (request) => {
      const rows = await userWrites.sessions(userOf(request).id, app.clock());
      const target = rows.find((s) => s.id === request.body.id);
      if (!target) throw ApiError.invalidParam('id');
      await app.store.sessions.revoke(target.token_hash);
      app.account.sockets.close([target.token_hash]);
      return ok(null);
    },
  );
};
