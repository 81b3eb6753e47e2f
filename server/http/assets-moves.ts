import type { FastifyInstance } from 'fastify';

/** Assets routes (issue 9, moves part). */
export async function movesRoutes(_app: FastifyInstance): Promise<void> {}
