import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiCode } from '../../common/api.ts';
import type { Lang } from '../../common/i18n.ts';
import { ApiError } from '../errors/api-error.ts';
import type { Channel } from './delivery.ts';
import { fail } from './rules.ts';

export interface CodeRequest {
  /** What the code is for (REGISTER, RESET, or a signed-in purpose bound to the user). */
  purpose: string;
  /** Channel and address the code is bound to (rules.ts emailDestination / phoneDestination). */
  key: string;
  channel: Channel;
  /** The address as a person reads it. */
  address: string;
  /**
   * code: send it. notice: the address already has an account, tell its owner instead of sending a code (the stored
   * code is never seen, so the flow fails at the code step like a wrong code). none: unknown account, send nothing.
   */
  deliver: 'code' | 'notice' | 'none';
  /** The slider token this request must spend (public sends), with the type and target it was issued for. */
  verifyToken?: { type: string; target: string; token: string };
  /** Per-user counter key (signed-in sends). */
  userKey?: string;
  /**
   * Deliver after answering (public flows): the answer then takes the same time whether a message goes out or not,
   * so that a slow gateway cannot tell a known account from an unknown one. Failures are logged.
   */
  background?: boolean;
  /** The language the message is written in: the request's. */
  lang: Lang;
}

/** 127.0.0.1/8 and ::1 (also IPv4-mapped): the machine itself. */
function isLoopback(ip: string): boolean {
  return ip === '::1' || ip.startsWith('127.') || ip.startsWith('::ffff:127.');
}

/** Issues and delivers a code under every sending rule: IP and user caps, slider token, 60 s resend, hourly cap. */
export async function sendCode(app: FastifyInstance, request: FastifyRequest, req: CodeRequest): Promise<void> {
  const { codes, captcha, delivery, ipSends, loopbackSends, userSends } = app.account;
  const now = app.clock();
  const waitMs = codes.resendWait(req.purpose, req.key, now);
  if (waitMs > 0) {
    throw fail(200, ApiCode.codeResendTooSoon, 'codeResendTooSoon', { seconds: Math.ceil(waitMs / 1000) });
  }
  if (req.verifyToken) {
    const { type, target, token } = req.verifyToken;
    if (!captcha.consumeToken(type, target, token, now))
      throw fail(200, ApiCode.verifyTokenInvalid, 'verifyTokenInvalid');
  }
  const perIp = isLoopback(request.ip) ? loopbackSends : ipSends;
  if (!perIp.hit(`ip:${request.ip}`, now)) throw new ApiError(429, ApiCode.tooManyRequests, 'tooManyRequests');
  if (req.userKey && !userSends.hit(req.userKey, now)) {
    throw new ApiError(429, ApiCode.tooManyRequests, 'tooManyRequests');
  }
  const issued = codes.issue(req.purpose, req.key, now);
  if (!issued.ok) {
    if (issued.reason === 'cap') throw fail(200, ApiCode.codeHourlyLimit, 'codeHourlyLimit');
    throw fail(200, ApiCode.codeResendTooSoon, 'codeResendTooSoon', { seconds: Math.ceil(issued.waitMs / 1000) });
  }
  if (req.deliver === 'none') {
    request.log.info({ purpose: req.purpose, channel: req.channel }, 'code requested for an unknown account');
    return;
  }
  const message = {
    channel: req.channel,
    destination: req.address,
    purpose: req.purpose.split('#')[0] ?? req.purpose,
    code: req.deliver === 'code' ? issued.code : null,
    ...(req.deliver === 'notice' ? { note: 'an account already exists for this address' } : {}),
    lang: req.lang,
  };
  if (req.background) {
    delivery.send(message).catch((err: unknown) => {
      request.log.error({ err, channel: req.channel }, 'code delivery failed');
    });
    return;
  }
  try {
    await delivery.send(message);
  } catch (err) {
    request.log.error({ err, channel: req.channel }, 'code delivery failed');
    throw fail(503, ApiCode.sendFailed, 'sendFailed');
  }
}
