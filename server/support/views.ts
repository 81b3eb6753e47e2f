import type { Ticket } from '../../common/contracts/support.ts';
import type { FeedbackTicket } from './repository.ts';

/** A ticket as the user and the agent read it (common/contracts/support.ts). */
export const ticketView = (t: FeedbackTicket): Ticket => ({
  id: t.id,
  category: t.category,
  title: t.title,
  status: t.status,
  createTime: t.createdAt,
  updateTime: t.updatedAt,
  closeTime: t.closedAt,
});
