import { join } from 'node:path';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { agentRoutes } from './agent-routes.ts';
import { chatRoutes } from './chat-routes.ts';
import type { SupportContext } from './context.ts';
import { feedbackRoutes } from './feedback-routes.ts';
import { SupportHub } from './hub.ts';
import { chatRepository, feedbackRepository } from './repository.ts';

/**
 * Customer service (issue 8): the /chat channel and feedback tickets. Outside production, /dev/support/* is the
 * agent's side.
 */
export const supportRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const hub = new SupportHub();
  app.addHook('preClose', async () => hub.close());
  const context: SupportContext = {
    chats: chatRepository(app.store.db),
    feedback: feedbackRepository(app.store.db),
    hub,
    imageDir: join(app.config.dataDir, 'feedback'),
  };
  await app.register(chatRoutes, context);
  await app.register(feedbackRoutes, context);
  if (!app.config.production) await app.register(agentRoutes, context);
};
