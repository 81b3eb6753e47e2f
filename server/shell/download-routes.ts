import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { basename, join } from 'node:path';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DownloadParamsSchema } from '../../common/contracts/shell.ts';
import { ApiError } from '../errors/api-error.ts';

/** Files an operator may publish: app builds. */
const FILE = /^[A-Za-z0-9][\w.-]{0,80}\.apk$/;

/** Where published app builds live: `DATA_DIR/downloads`, put there by the operator (no app is built here). */
export function downloadsDir(dataDir: string): string {
  return join(dataDir, 'downloads');
}

/** The served path of a configured link (e.g. `/download/x.apk`) when its file is published, else ''. */
export async function publishedLink(dataDir: string, link: string): Promise<string> {
  const name = basename(link);
  if (!link.startsWith('/download/') || !FILE.test(name)) return '';
  try {
    return (await stat(join(downloadsDir(dataDir), name))).isFile() ? link : '';
  } catch {
    return '';
  }
}

/** `GET /download/{file}`: a published app build, or a clear 404. */
export const downloadRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/download/:file', { schema: { params: DownloadParamsSchema } }, async (request, reply) => {
    const { file } = request.params;
    const path = join(downloadsDir(app.config.dataDir), file);
    const info = FILE.test(file) ? await stat(path).catch(() => null) : null;
    if (!info?.isFile()) throw new ApiError(404, 404, 'notFound');
    return reply
      .type('application/vnd.android.package-archive')
      .header('content-length', info.size)
      .header('content-disposition', `attachment; filename="${file}"`)
      .send(createReadStream(path));
  });
};
