import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { ApiCode } from '../../common/api.ts';
import {
  type CaptchaCheckBody,
  CaptchaCheckBodySchema,
  type CaptchaQuery,
  CaptchaQuerySchema,
  CaptchaSchema,
  VerifyTokenSchema,
} from '../../common/contracts/account.ts';
import { CAPTCHA_HEIGHT, CAPTCHA_WIDTH, PIECE_SIZE } from '../auth/captcha.ts';
import { ApiError } from '../errors/api-error.ts';
import { ok, reply } from '../http/envelope.ts';
import { emptyBodyAsForm } from '../http/read.ts';
import { type PublicType, publicType } from './addresses.ts';
import { fail } from './rules.ts';

/**
 * The slider captcha (spec shell §2 "Slider captcha", §7 "Get verify code", "Check verify"): a challenge drawn here,
 * and its check, which turns a right drop into a single-use verify token. The login page's check is /uc/login1.
 */
export const captchaRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { captcha, delivery } = app.account;

  const newChallenge = async (request: FastifyRequest) => {
    const input = (request.body ?? request.query) as CaptchaQuery;
    const type = publicType(input.type, 'REGISTER');
    const target = (input.target ?? '').trim().toLowerCase();
    const { id, images } = captcha.create(type, target, app.clock());
    if (delivery.outbox) {
      const code = (images.x / CAPTCHA_WIDTH).toFixed(4);
      await delivery.send({ channel: 'captcha', destination: target, purpose: type, code, lang: 'en_US' });
    }
    return ok({
      captchaId: id,
      backgroundImage: images.backgroundImage,
      sliderImage: images.sliderImage,
      width: CAPTCHA_WIDTH,
      height: CAPTCHA_HEIGHT,
      pieceSize: PIECE_SIZE,
      y: images.y,
    });
  };
  const response = reply(CaptchaSchema);
  app.get('/uc/verify/captcha', { schema: { querystring: CaptchaQuerySchema, response } }, newChallenge);
  app.post(
    '/uc/verify/captcha',
    { preValidation: emptyBodyAsForm, schema: { body: CaptchaQuerySchema, response } },
    newChallenge,
  );
  app.get('/uc/start/captcha', { schema: { querystring: CaptchaQuerySchema, response } }, newChallenge);

  const checkSlider = async (body: CaptchaCheckBody, fallback: PublicType) => {
    const type = publicType(body.type, fallback);
    const ratio = body.ratio ?? body.sliderRatio;
    if (ratio === undefined) throw ApiError.invalidParam('ratio');
    const target = (body.target ?? '').trim().toLowerCase();
    const result = captcha.check(type, target, ratio, app.clock(), body.captchaId);
    if (!result.ok) {
      throw fail(200, ApiCode.captchaFailed, result.reason === 'expired' ? 'captchaExpired' : 'captchaFailed');
    }
    return ok(result.verifyToken);
  };
  const check = { schema: { body: CaptchaCheckBodySchema, response: reply(VerifyTokenSchema) } };
  app.post('/uc/verify/check', check, (request) => checkSlider(request.body, 'REGISTER'));
  // The login page's captcha check (spec shell §7 "/uc/login1").
  app.post('/uc/login1', check, (request) => checkSlider(request.body, 'LOGIN'));
};
