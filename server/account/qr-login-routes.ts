import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ApiCode } from '../../common/api.ts';
import { NoDataSchema } from '../../common/contracts/envelope.ts';
import {
  DeviceAuthBodySchema,
  QR_PATHS,
  QR_STATUS,
  QR_TTL_MS,
  QrConfirmBodySchema,
  QrGenerateResultSchema,
  QrIdBodySchema,
  QrScanResultSchema,
  QrStatusBodySchema,
  QrStatusResultSchema,
} from '../../common/contracts/qr-login.ts';
import { verifyPassword } from '../auth/password.ts';
import { requireUser, sessionUser, userOf } from '../auth/session.ts';
import { hashToken, newToken } from '../auth/tokens.ts';
import { type Api, ok, reply } from '../http/envelope.ts';
import { type QrLogin, rememberDevice } from './login-devices.ts';
import { fail, startSession } from './rules.ts';

const invalid = () => fail(200, ApiCode.qrcodeInvalid, 'qrcodeInvalid');
/** Calls a minute per address. */
const limit = (max: number) => ({ rateLimit: { max, timeWindow: '1 minute' } });
const expired = () => fail(200, ApiCode.qrcodeExpired, 'qrcodeExpired');

/** The state a request is in now: a live one past its expiry is expired (used and rejected stay what they are). */
function statusAt(row: QrLogin, now: number): number {
  const live =
    row.status === QR_STATUS.waiting || row.status === QR_STATUS.scanned || row.status === QR_STATUS.approved;
  return live && row.expires_at <= now ? QR_STATUS.expired : row.status;
}

/**
 * QR login (spec shell §7 "QR login: /uc/qrcode/generate, status{qrcodeId}"; issue 19 item 15). A request goes
 * waiting → scanned (a signed-in user opened the approval page) → approved or rejected; the first status poll after
 * approval takes the session and leaves it used, so a QR logs in once. Two minutes after generation it is expired.
 * Rate-limited like the login.
 */
export const qrLoginRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { logins } = app.account;

  app.post(
    QR_PATHS.generate,
    { schema: { response: reply(QrGenerateResultSchema) }, config: limit(60) },
    async (request) => {
      const now = app.clock();
      const qrcodeId = newToken();
      const key = newToken();
      const expireTime = now + QR_TTL_MS;
      await logins.addQr({
        id_hash: hashToken(qrcodeId),
        key_hash: hashToken(key),
        status: QR_STATUS.waiting,
        user_id: null,
        ip: request.ip,
        user_agent: request.headers['user-agent']?.slice(0, 256) ?? null,
        created_at: now,
        expires_at: expireTime,
      });
      return ok({ qrcodeId, key, expireTime });
    },
  );

  app.post(
    QR_PATHS.status,
    { schema: { body: QrStatusBodySchema, response: reply(QrStatusResultSchema) }, config: limit(300) },
    async (request, res) => {
      const { qrcodeId, key, deviceCode } = request.body;
      const now = app.clock();
      const row = await logins.qr(qrcodeId);
      // Without the key of the page that generated it, a request is as unknown as one that does not exist.
      if (!row || row.key_hash !== hashToken(key)) throw invalid();
      const status = statusAt(row, now);
      const answer = { status, expireTime: row.expires_at };
      if (status !== QR_STATUS.approved || row.user_id === null) return ok(answer);
      // Single use: only the poll that moves it from approved to used gets the session.
      if (!(await logins.moveQr(qrcodeId, QR_STATUS.approved, QR_STATUS.used, now))) throw invalid();
      const session = await startSession(app, request, res, row.user_id);
      await rememberDevice(app, row.user_id, deviceCode);
      return ok({ ...answer, ...session });
    },
  );

  approvalRoutes(app);
  deviceAuthRoute(app);
};

/** The signed-in side: the approval page scans the request, then approves or refuses it. */
function approvalRoutes(app: Api): void {
  const { logins } = app.account;
  const refusal = (row: QrLogin | undefined, now: number) =>
    row && statusAt(row, now) === QR_STATUS.expired ? expired() : invalid();

  app.post(
    QR_PATHS.scan,
    {
      onRequest: requireUser,
      schema: { body: QrIdBodySchema, response: reply(QrScanResultSchema) },
      config: limit(30),
    },
    async (request) => {
      const { qrcodeId } = request.body;
      const userId = userOf(request).id;
      const now = app.clock();
      const before = await logins.qr(qrcodeId);
      // Scanning again by the same user is harmless (a reload of the approval page); another user's scan is refused.
      const again = before?.status === QR_STATUS.scanned && before.user_id === userId && before.expires_at > now;
      if (!again && !(await logins.moveQr(qrcodeId, QR_STATUS.waiting, QR_STATUS.scanned, now, userId))) {
        throw refusal(before, now);
      }
      const row = await logins.qr(qrcodeId);
      if (!row) throw invalid();
      return ok({
        status: row.status,
        ip: row.ip,
        device: row.user_agent,
        createTime: row.created_at,
        expireTime: row.expires_at,
      });
    },
  );

  app.post(
    QR_PATHS.confirm,
    {
      onRequest: requireUser,
      schema: { body: QrConfirmBodySchema, response: reply(NoDataSchema) },
      config: limit(30),
    },
    async (request) => {
      const { qrcodeId, approve } = request.body;
      const now = app.clock();
      const to = approve ? QR_STATUS.approved : QR_STATUS.rejected;
      // Only the user who scanned it, and only once.
      if (!(await logins.moveQr(qrcodeId, QR_STATUS.scanned, to, now, userOf(request).id))) {
        throw refusal(await logins.qr(qrcodeId), now);
      }
      return ok(null);
    },
  );
}

/** Device authorisation on or off (spec shell §6): confirmed by the login password; the asking browser stays trusted. */
function deviceAuthRoute(app: Api): void {
  app.post(
    QR_PATHS.deviceAuth,
    {
      onRequest: requireUser,
      schema: { body: DeviceAuthBodySchema, response: reply(NoDataSchema) },
      config: limit(10),
    },
    async (request) => {
      const { enable, password, deviceCode } = request.body;
      const user = await sessionUser(app, request);
      if (!(await verifyPassword(password, user.password_hash))) {
        throw fail(200, ApiCode.oldPasswordWrong, 'oldPasswordWrong');
      }
      if (enable && !user.email && !(user.mobile && user.area_code)) {
        throw fail(200, ApiCode.secondFactorState, 'deviceAuthNoChannel');
      }
      await app.account.repo.updateSecurity(user.id, { device_auth: enable }, app.clock());
      if (enable) await rememberDevice(app, user.id, deviceCode);
      return ok(null);
    },
  );
}
