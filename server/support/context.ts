import type { SupportHub } from './hub.ts';
import type { ChatRepository, FeedbackRepository } from './repository.ts';

/** What the support routes share: the stores, the hub that wakes long polls, and where feedback images live. */
export interface SupportContext {
  chats: ChatRepository;
  feedback: FeedbackRepository;
  hub: SupportHub;
  imageDir: string;
}
