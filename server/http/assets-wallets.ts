import type { FastifyInstance } from 'fastify';

/** Assets routes (issue 9, wallets part). */
export async function walletsRoutes(_app: FastifyInstance): Promise<void> {}
