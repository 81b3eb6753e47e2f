import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ApiCode } from '../../common/api.ts';
import {
  AvailabilitySchema,
  CheckIdBodySchema,
  KycApplicationSchema,
  KycReviewBodySchema,
  KycStatusSchema,
  RealNameBodySchema,
  UploadedImageSchema,
  UploadSignatureSchema,
} from '../../common/contracts/account.ts';
import { requireUser, userOf } from '../auth/session.ts';
import { ApiError } from '../errors/api-error.ts';
import { type Api, ok, reply } from '../http/envelope.ts';
import { emptyBodyAsForm } from '../http/read.ts';
import { KYC_STATUS } from './repository.ts';
import { fail } from './rules.ts';
import { firstFilePart, MAX_IMAGE_BYTES, sniffImage } from './upload.ts';

/** Images one user may upload per day. */
export const MAX_IMAGES_PER_DAY = 20;
const DAY_MS = 24 * 60 * 60 * 1000;
/** Document types: 1 identity card, 2 passport, 3 driving licence. */
export const ID_TYPES = [1, 2, 3] as const;

/** Real-name verification (spec shell §7 "KYC"): image upload, the form, its review status, and the id check. */
export const kycRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // Images arrive as multipart/form-data (one file part) or as a raw image body; other types are refused by Fastify.
  app.addContentTypeParser(
    ['multipart/form-data', 'image/png', 'image/jpeg', 'image/webp', 'application/octet-stream'],
    { parseAs: 'buffer', bodyLimit: MAX_IMAGE_BYTES + 64 * 1024 },
    (_request, body, done) => done(null, body),
  );
  uploadRoutes(app);
  applicationRoutes(app);
  if (!app.config.production) devReviewRoutes(app);
};

/** Images of the identity documents, stored under the data folder by their real type. */
function uploadRoutes(app: Api): void {
  const { repo } = app.account;
  const imageDir = join(app.config.dataDir, 'kyc');
  app.post(
    '/uc/upload/oss/image',
    {
      onRequest: requireUser,
      bodyLimit: MAX_IMAGE_BYTES + 64 * 1024,
      schema: { response: reply(UploadedImageSchema) },
    },
    async (request) => {
      const userId = userOf(request).id;
      // Bounds the disk one account can fill.
      if ((await repo.countImagesSince(userId, app.clock() - DAY_MS)) >= MAX_IMAGES_PER_DAY) {
        throw new ApiError(429, ApiCode.tooManyRequests, 'tooManyRequests');
      }
      const contentType = request.headers['content-type'] ?? '';
      if (!Buffer.isBuffer(request.body)) throw fail(400, ApiCode.imageRejected, 'imageType');
      const bytes = contentType.startsWith('multipart/form-data')
        ? firstFilePart(request.body, contentType)
        : request.body;
      if (!bytes || bytes.length === 0) throw fail(400, ApiCode.imageRejected, 'imageType');
      if (bytes.length > MAX_IMAGE_BYTES) {
        throw fail(413, ApiCode.imageRejected, 'imageTooLarge', { mb: MAX_IMAGE_BYTES / 1024 / 1024 });
      }
      const type = sniffImage(bytes);
      if (!type) throw fail(400, ApiCode.imageRejected, 'imageType');
      const id = randomBytes(16).toString('base64url');
      const fileName = `${id}.${type.ext}`;
      const dir = join(imageDir, String(userId));
      await mkdir(dir, { recursive: true });
      await writeFile(join(dir, fileName), bytes, { flag: 'wx', mode: 0o600 });
      const image = { id, user_id: userId, file_name: fileName, mime: type.mime, size: bytes.length };
      await repo.addImage({ ...image, created_at: app.clock() });
      return ok({ id, url: id, mime: type.mime, size: bytes.length });
    },
  );

  // Direct upload to object storage does not exist here: the signature names the upload route and its limits.
  app.route({
    method: ['GET', 'POST'],
    url: '/uc/oss/signature',
    onRequest: requireUser,
    schema: { response: reply(UploadSignatureSchema) },
    handler: async () =>
      ok({
        uploadUrl: '/uc/upload/oss/image',
        maxBytes: MAX_IMAGE_BYTES,
        types: ['image/jpeg', 'image/png', 'image/webp'],
      }),
  });
}

/** The real-name form, its review status, the id-number check and the (absent) liveness check. */
function applicationRoutes(app: Api): void {
  const { repo } = app.account;
  app.post(
    '/uc/approve/real/name',
    { onRequest: requireUser, schema: { body: RealNameBodySchema, response: reply(KycStatusSchema) } },
    async (request) => {
      const userId = userOf(request).id;
      const body = request.body;
      const country = await repo.country(body.country);
      if (!country) throw fail(400, ApiCode.badRequest, 'unknownCountry', { country: body.country });
      const existing = await repo.kyc(userId);
      if (existing && (existing.status === KYC_STATUS.pending || existing.status === KYC_STATUS.approved)) {
        throw fail(200, ApiCode.kycRejected, 'kycInProgress');
      }
      for (const id of [body.frontImage, body.backImage, body.handImage]) {
        if (id === undefined) continue;
        const image = await repo.image(id);
        if (!image || image.user_id !== userId) throw fail(200, ApiCode.kycRejected, 'imageNotFound');
      }
      const idType = body.idType ?? 1;
      const idNumber = body.idCard.toUpperCase();
      if (await repo.idNumberUsed(userId, country.two_code, idType, idNumber)) {
        throw fail(200, ApiCode.kycRejected, 'idNumberUsed');
      }
      await repo.submitKyc({
        user_id: userId,
        country: country.two_code,
        real_name: body.realName.trim(),
        id_type: idType,
        id_number: idNumber,
        front_image: body.frontImage,
        back_image: body.backImage ?? null,
        hand_image: body.handImage ?? null,
        status: KYC_STATUS.pending,
        reason: null,
        submitted_at: app.clock(),
        reviewed_at: null,
      });
      return ok({ status: KYC_STATUS.pending });
    },
  );
  statusRoutes(app);
}

/** What the KYC page reads back: the application's status (name and number masked) and whether an id is free. */
function statusRoutes(app: Api): void {
  const { repo } = app.account;
  app.route({
    method: ['GET', 'POST'],
    url: '/uc/approve/real/name/status',
    onRequest: requireUser,
    schema: { response: reply(KycApplicationSchema) },
    handler: async (request) => {
      const kyc = await repo.kyc(userOf(request).id);
      if (!kyc) return ok({ status: KYC_STATUS.none });
      const name = kyc.real_name;
      return ok({
        status: kyc.status,
        reason: kyc.reason,
        country: kyc.country,
        realName: name.length > 1 ? `${name.slice(0, 1)}${'*'.repeat(name.length - 1)}` : '*',
        idType: kyc.id_type,
        idCard: `${kyc.id_number.slice(0, 2)}****${kyc.id_number.slice(-2)}`,
        submittedAt: kyc.submitted_at,
        reviewedAt: kyc.reviewed_at,
      });
    },
  });

  app.post(
    '/uc/approve/account/check-id',
    { onRequest: requireUser, schema: { body: CheckIdBodySchema, response: reply(AvailabilitySchema) } },
    async (request) => {
      const { body } = request;
      const country = await repo.country(body.country);
      if (!country) throw fail(400, ApiCode.badRequest, 'unknownCountry', { country: body.country });
      const idType = body.idType ?? 1;
      const used = await repo.idNumberUsed(userOf(request).id, country.two_code, idType, body.idCard.toUpperCase());
      return ok({ available: !used });
    },
  );

  // Liveness checks need a vendor SDK: answered as not available rather than faked.
  app.route({
    method: ['GET', 'POST'],
    url: '/uc/life/checkLife',
    preValidation: emptyBodyAsForm,
    onRequest: requireUser,
    schema: { response: reply(AvailabilitySchema) },
    handler: async () => ok({ available: false }),
  });
}

/** Dev only: the reviewer's decision, so that a newcomer and the e2e journeys can see both outcomes. */
function devReviewRoutes(app: Api): void {
  const { repo, userWrites } = app.account;
  app.post(
    '/dev/kyc/review',
    { schema: { body: KycReviewBodySchema, response: reply(KycStatusSchema) } },
    async (request) => {
      const { uid, approve, reason } = request.body;
      const user = await app.store.db.selectFrom('users').selectAll().where('uid', '=', uid).executeTakeFirst();
      const kyc = user ? await repo.kyc(user.id) : undefined;
      if (!user || !kyc || kyc.status !== KYC_STATUS.pending) throw new ApiError(404, ApiCode.notFound, 'notFound');
      await repo.reviewKyc(user.id, approve, approve ? null : (reason ?? null), app.clock());
      await userWrites.setKycCountry(user.id, approve ? kyc.country : null);
      return ok({ status: approve ? KYC_STATUS.approved : KYC_STATUS.rejected });
    },
  );
}
