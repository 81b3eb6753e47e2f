import type { Static } from 'typebox';
import { SUPPORT_PATHS } from '../../../common/api.ts';
import type {
  AgentChat,
  AgentChatClosedSchema,
  AgentThread,
  AgentTicket,
  AgentTicketDetail,
  AgentTicketPage,
  ChatMessage,
  ChatPollSchema,
  ChatSession,
  FeedbackAddBody,
  FeedbackImage,
  Ticket,
  TicketDetail,
  TicketPage,
  TicketPost,
} from '../../../common/contracts/support.ts';
import { type ApiResult, get, post, signedGet, upload } from '../../api/request.ts';

// The wire shapes are the server's contract (common/contracts/support.ts); the screens import them from here.
export type { ChatSession, Ticket, TicketDetail, TicketPage, TicketPost };

/** Server paths (common/api.ts). */
export const P = SUPPORT_PATHS;

/** Seconds a long poll may wait on the server (below the request layer's 30 s timeout). */
export const POLL_WAIT_S = 20;

// ─── Chat ────────────────────────────────────────────────────────────────────────────────────────────────────────────

export const openChat = (openId: string | null) => post<ChatSession>(P.chatOpen, { openId });
/** New messages after `since`; waits up to `wait` s on the server when there are none. Quiet: the page shows the state. */
export const pollChat = (openId: string, since: number, wait: number, signal?: AbortSignal) =>
  get<Static<typeof ChatPollSchema>>(
    P.chatMessages,
    { openId, since, wait },
    signal ? { silent: true, signal, networkError: '' } : { silent: true },
  );
export const sendChat = (openId: string, content: string) => post<ChatMessage>(P.chatSend, { openId, content });

// ─── Feedback ────────────────────────────────────────────────────────────────────────────────────────────────────────

/** A new ticket as /uc/feedback/add takes it. */
export type NewTicket = FeedbackAddBody;

export const listTickets = (pageNo: number, pageSize: number, signal?: AbortSignal) =>
  post<TicketPage>(P.feedbackList, { pageNo, pageSize }, signal ? { signal } : {});
export const getTicket = (id: number, signal?: AbortSignal) =>
  post<TicketDetail>(P.feedbackGet, { id }, signal ? { signal, silent: true } : { silent: true });
export const addTicket = (t: NewTicket) => post<Ticket>(P.feedbackAdd, { ...t });
export const replyTicket = (id: number, content: string, imageId?: string) =>
  post<TicketPost>(P.feedbackReply, { id, content, imageId });
export const closeTicket = (id: number) => post<Ticket>(P.feedbackClose, { id });

/** Sends the image as the raw body; the server checks its bytes and size. */
export function uploadFeedbackImage(file: File): Promise<ApiResult<FeedbackImage>> {
  return upload<FeedbackImage>(P.feedbackUpload, file);
}

/** An attached image as an object URL: the image route needs the token header, which an <img> cannot send. */
export async function loadImage(path: string, signal?: AbortSignal): Promise<string | null> {
  try {
    const { url, init } = signedGet(path);
    const response = await fetch(url, { ...init, ...(signal ? { signal } : {}) });
    if (!response.ok || !response.headers.get('content-type')?.startsWith('image/')) return null;
    return URL.createObjectURL(await response.blob());
  } catch {
    return null;
  }
}

// ─── Agent console (development servers only) ────────────────────────────────────────────────────────────────────────

// The agent's answers are the server's contract too (common/contracts/support.ts).
export type { AgentChat, AgentThread, AgentTicket, AgentTicketDetail };

const quiet = { silent: true } as const;
export const agentChats = (wait = 0, signal?: AbortSignal) =>
  get<AgentChat[]>(P.devChats, { wait }, signal ? { ...quiet, signal, networkError: '' } : quiet);
export const agentThread = (id: number, since: number, wait: number, signal?: AbortSignal) =>
  get<AgentThread>(
    `${P.devChats}/${id}/messages`,
    { since, wait },
    signal ? { ...quiet, signal, networkError: '' } : quiet,
  );
export const agentReplyChat = (id: number, content: string) =>
  post<ChatMessage>(`${P.devChats}/${id}/reply`, { content });
export const agentCloseChat = (id: number) => post<Static<typeof AgentChatClosedSchema>>(`${P.devChats}/${id}/close`);
export const agentTickets = (signal?: AbortSignal) =>
  get<AgentTicketPage>(P.devTickets, { pageSize: 100 }, signal ? { ...quiet, signal } : quiet);
export const agentTicket = (id: number) => get<AgentTicketDetail>(`${P.devTickets}/${id}`, {}, quiet);
export const agentReplyTicket = (id: number, content: string) =>
  post<TicketPost>(`${P.devTickets}/${id}/reply`, { content });
