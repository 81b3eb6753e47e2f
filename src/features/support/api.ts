import type { Static } from 'typebox';
import { SUPPORT_PATHS, TOKEN_HEADER } from '../../../common/api.ts';
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
import { ACCESS_TOKEN_HEADER, type ApiResult, get, isSuccess, PLATFORM_HEADERS, post } from '../../api/request.ts';
import { getToken } from '../../api/session.ts';
import { showToast } from '../../api/toast.ts';
import { currentLanguage, i18n } from '../../i18n/i18n.ts';

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

/** Headers of a raw fetch (uploads and images), as the request layer sends them. */
function rawHeaders(extra: Record<string, string> = {}): Record<string, string> {
  const token = getToken();
  const headers: Record<string, string> = { ...PLATFORM_HEADERS, lang: currentLanguage(), ...extra };
  if (token) {
    headers[TOKEN_HEADER] = token;
    headers[ACCESS_TOKEN_HEADER] = token;
  }
  return headers;
}

/** Sends the image as the raw body; the server checks its bytes and size. */
export async function uploadFeedbackImage(file: File): Promise<ApiResult<FeedbackImage>> {
  try {
    const response = await fetch(`${P.feedbackUpload}?langCode=${currentLanguage()}`, {
      method: 'POST',
      headers: rawHeaders({ accept: 'application/json', 'content-type': file.type || 'application/octet-stream' }),
      body: file,
    });
    const raw = (await response.json()) as { code: number; message?: string; data?: FeedbackImage };
    const message = raw.message ?? '';
    if (!isSuccess(raw.code) && message) showToast('error', message);
    return { code: raw.code, message, msg: message, data: raw.data ?? null };
  } catch {
    const message = i18n.t('request.networkError');
    showToast('error', message);
    return { code: 500, message, msg: message, data: null };
  }
}

/** An attached image as an object URL: the image route needs the token header, which an <img> cannot send. */
export async function loadImage(path: string, signal?: AbortSignal): Promise<string | null> {
  try {
    const response = await fetch(path, { headers: rawHeaders(), ...(signal ? { signal } : {}) });
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
