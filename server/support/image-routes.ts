import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { SUPPORT_PATHS } from '../../common/api.ts';
import { FeedbackImageSchema, ImageParamsSchema } from '../../common/contracts/support.ts';
import { MAX_IMAGE_BYTES } from '../account/upload.ts';
import { userOf } from '../auth/session.ts';
import { ok, reply } from '../http/envelope.ts';
import type { SupportContext } from './context.ts';
import { saveImage, sendImage } from './images.ts';
import { SupportCode, SupportError } from './messages.ts';
import { MAX_FEEDBACK_IMAGES_PER_DAY, ticketNotFound } from './rules.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** A signed-in user's feedback images (registered inside feedback-routes, whose hook asks for the session). */
export const feedbackImageRoutes: FastifyPluginAsyncTypebox<Pick<SupportContext, 'feedback' | 'imageDir'>> = async (
  app,
  { feedback, imageDir },
) => {
  // An image arrives as multipart/form-data (one file part) or as the raw image body, like KYC uploads.
  const bodyLimit = MAX_IMAGE_BYTES + 64 * 1024;
  app.addContentTypeParser(
    ['multipart/form-data', 'image/png', 'image/jpeg', 'image/webp', 'application/octet-stream'],
    { parseAs: 'buffer', bodyLimit },
    (_request, body, done) => done(null, body),
  );
  app.post(
    SUPPORT_PATHS.feedbackUpload,
    { bodyLimit, schema: { response: reply(FeedbackImageSchema) } },
    async (request) => {
      const userId = userOf(request).id;
      const now = app.clock();
      if ((await feedback.imagesSince(userId, now - DAY_MS)) >= MAX_FEEDBACK_IMAGES_PER_DAY) {
        throw new SupportError(429, SupportCode.tooManyRequests, 'imageLimit', { max: MAX_FEEDBACK_IMAGES_PER_DAY });
      }
      const contentType = request.headers['content-type'] ?? '';
      return ok(await saveImage(feedback, imageDir, { userId, body: request.body, contentType, now }));
    },
  );

  app.get(
    `${SUPPORT_PATHS.feedbackImage}/:id`,
    { schema: { params: ImageParamsSchema } },
    async (request, response) => {
      const image = await feedback.image(request.params.id);
      if (!image || image.user_id !== userOf(request).id) throw ticketNotFound();
      return sendImage(response, imageDir, image);
    },
  );
};
