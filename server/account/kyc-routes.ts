import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { ApiCode } from '../../common/api.ts';
import { requireUser, userOf } from '../auth/session.ts';
import { ApiError } from '../errors/api-error.ts';
import { ok } from '../http/envelope.ts';
import { emptyBodyAsForm } from '../http/read.ts';
import { KYC_STATUS } from './repository.ts';
import { fail } from './rules.ts';
import { firstFilePart, MAX_IMAGE_BYTES, sniffImage } from './upload.ts';

/** Images one user may upload per day. */
export const MAX_IMAGES_PER_DAY = 20;
const DAY_MS = 24 * 60 * 60 * 1000;
/** Document types: 1 identity card, 2 passport, 3 driving licence. */
export const ID_TYPES = [1, 2, 3] as const;
const ImageId = Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' });
const IdFields = {
  country: Type.String({ minLength: 2, maxLength: 8 }),
  idType: Type.Optional(Type.Integer({ minimum: 1, maximum: 3, default: 1 })),
  idCard: Type.String({ minLength: 4, maxLength: 32, pattern: '^[A-Za-z0-9-]+$' }),
};
const RealNameBody = Type.Object({
  realName: Type.String({ minLength: 1, maxLength: 64 }),
  ...IdFields,
  frontImage: ImageId,
  backImage: Type.Optional(ImageId),
  handImage: Type.Optional(ImageId),
});
const CheckIdBody = Type.Object(IdFields);
type Static<T extends Type.TSchema> = Type.Static<T>;

/** Real-name verification (spec shell §7 "KYC"): image upload, the form, its review status, and the id check. */
export async function accountKycRoutes(app: FastifyInstance): Promise<void> {
  const { repo, userWrites } = app.account;
  const imageDir = join(app.config.dataDir, 'kyc');

  // Images arrive as multipart/form-data (one file part) or as a raw image body; other types are refused by Fastify.
  app.addContentTypeParser(
    ['multipart/form-data', 'image/png', 'image/jpeg', 'image/webp', 'application/octet-stream'],
    { parseAs: 'buffer', bodyLimit: MAX_IMAGE_BYTES + 64 * 1024 },
    (_request, body, done) => done(null, body),
  );

  app.post(
    '/uc/upload/oss/image',
    { onRequest: requireUser, bodyLimit: MAX_IMAGE_BYTES + 64 * 1024 },
    async (request: FastifyRequest) => {
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
      if (bytes.length > MAX_IMAGE_BYTES)
        throw fail(413, ApiCode.imageRejected, 'imageTooLarge', { mb: MAX_IMAGE_BYTES / 1024 / 1024 });
      const type = sniffImage(bytes);
      if (!type) throw fail(400, ApiCode.imageRejected, 'imageType');
      const id = randomBytes(16).toString('base64url');
      const fileName = `${id}.${type.ext}`;
      const dir = join(imageDir, String(userId));
      await mkdir(dir, { recursive: true });
      await writeFile(join(dir, fileName), bytes, { flag: 'wx', mode: 0o600 });
      await repo.addImage({
        id,
        user_id: userId,
        file_name: fileName,
        mime: type.mime,
        size: bytes.length,
        created_at: app.clock(),
      });
      return ok({ id, url: id, mime: type.mime, size: bytes.length });
    },
  );

  // Direct upload to object storage does not exist here: the signature names the upload route and its limits.
  app.route({
    method: ['GET', 'POST'],
    url: '/uc/oss/signature',
    onRequest: requireUser,
    handler: async () =>
      ok({
        uploadUrl: '/uc/upload/oss/image',
        maxBytes: MAX_IMAGE_BYTES,
        types: ['image/jpeg', 'image/png', 'image/webp'],
      }),
  });

  app.post<{ Body: Static<typeof RealNameBody> }>(
    '/uc/approve/real/name',
    { onRequest: requireUser, schema: { body: RealNameBody } },
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

  app.route({
    method: ['GET', 'POST'],
    url: '/uc/approve/real/name/status',
    onRequest: requireUser,
    handler: async (request) => {
      const kyc = await repo.kyc(userOf(request).id);
      if (!kyc) return ok({ status: KYC_STATUS.none });
      return ok({
        status: kyc.status,
        reason: kyc.reason,
        country: kyc.country,
        realName:
          kyc.real_name.length > 1 ? `${kyc.real_name.slice(0, 1)}${'*'.repeat(kyc.real_name.length - 1)}` : '*',
        idType: kyc.id_type,
        idCard: `${kyc.id_number.slice(0, 2)}****${kyc.id_number.slice(-2)}`,
        submittedAt: kyc.submitted_at,
        reviewedAt: kyc.reviewed_at,
      });
    },
  });

  app.post<{ Body: Static<typeof CheckIdBody> }>(
    '/uc/approve/account/check-id',
    { onRequest: requireUser, schema: { body: CheckIdBody } },
    async (request) => {
      const country = await repo.country(request.body.country);
      if (!country) throw fail(400, ApiCode.badRequest, 'unknownCountry', { country: request.body.country });
      const used = await repo.idNumberUsed(
        userOf(request).id,
        country.two_code,
        request.body.idType ?? 1,
        request.body.idCard.toUpperCase(),
      );
      return ok({ available: !used });
    },
  );

  // Liveness checks need a vendor SDK: answered as not available rather than faked.
  app.route({
    method: ['GET', 'POST'],
    url: '/uc/life/checkLife',
    preValidation: emptyBodyAsForm,
    onRequest: requireUser,
    handler: async () => ok({ available: false }),
  });

  if (!app.config.production) {
    // Dev-only review, so that a newcomer and the e2e journeys can see both outcomes.
    const ReviewBody = Type.Object({
      uid: Type.String({ minLength: 1, maxLength: 16 }),
      approve: Type.Boolean(),
      reason: Type.Optional(Type.String({ maxLength: 200 })),
    });
    app.post<{ Body: Static<typeof ReviewBody> }>(
      '/dev/kyc/review',
      { schema: { body: ReviewBody } },
      async (request) => {
        const user = await app.store.db
          .selectFrom('users')
          .selectAll()
          .where('uid', '=', request.body.uid)
          .executeTakeFirst();
        const kyc = user ? await repo.kyc(user.id) : undefined;
        if (!user || !kyc || kyc.status !== KYC_STATUS.pending) throw new ApiError(404, ApiCode.notFound, 'notFound');
        const now = app.clock();
        await repo.reviewKyc(
          user.id,
          request.body.approve,
          request.body.approve ? null : (request.body.reason ?? null),
          now,
        );
        await userWrites.setKycCountry(user.id, request.body.approve ? kyc.country : null);
        return ok({ status: request.body.approve ? KYC_STATUS.approved : KYC_STATUS.rejected });
      },
    );
  }
}
