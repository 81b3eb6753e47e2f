import type { FastifyInstance } from 'fastify';

/** Assets routes (issue 9, deposit part). */
export async function depositRoutes(_app: FastifyInstance): Promise<void> {}
