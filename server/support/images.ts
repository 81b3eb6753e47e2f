import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyReply } from 'fastify';
import { firstFilePart, MAX_IMAGE_BYTES, sniffImage } from '../account/upload.ts';
import { SupportCode, SupportError } from './messages.ts';
import type { FeedbackRepository } from './repository.ts';

export interface StoredImage {
  user_id: number;
  file_name: string;
  mime: string;
}

const rejected = () =>
  new SupportError(400, SupportCode.imageRejected, 'imageRejected', { mb: MAX_IMAGE_BYTES / 1024 / 1024 });

/**
 * Stores an uploaded image (a multipart file part or the raw body) under `imageDir/{userId}` with a random id. The
 * type comes from the bytes, never from a file name or a header.
 */
export async function saveImage(
  feedback: FeedbackRepository,
  imageDir: string,
  upload: { userId: number; body: unknown; contentType: string; now: number },
) {
  const { userId, body, contentType } = upload;
  if (!Buffer.isBuffer(body)) throw rejected();
  const bytes = contentType.startsWith('multipart/form-data') ? firstFilePart(body, contentType) : body;
  if (!bytes || bytes.length === 0 || bytes.length > MAX_IMAGE_BYTES) throw rejected();
  const type = sniffImage(bytes);
  if (!type) throw rejected();
  const id = randomBytes(16).toString('base64url');
  const fileName = `${id}.${type.ext}`;
  const dir = join(imageDir, String(userId));
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, fileName), bytes, { flag: 'wx', mode: 0o600 });
  await feedback.addImage({ id, userId, fileName, mime: type.mime, size: bytes.length }, upload.now);
  return { id, mime: type.mime, size: bytes.length };
}

export async function sendImage(reply: FastifyReply, imageDir: string, image: StoredImage) {
  const bytes = await readFile(join(imageDir, String(image.user_id), image.file_name));
  return reply.header('content-type', image.mime).header('cache-control', 'private, max-age=86400').send(bytes);
}
