// The headless model of the new-ticket form of /feedback (spec shell §7 "Feedback: add"): category, title, message,
// one optional image and the first problem, in the order of the fields. The view (feedback-page.tsx) renders it;
// tests/src/features/support/form-models.test.ts checks it without React.
import { imageProblem, type TicketDraft, type TicketProblem, ticketProblem } from './chat-model.ts';

export interface TicketImage {
  id: string;
  /** A local object URL the view made (and revokes when the image goes). */
  preview: string;
}

export interface TicketState {
  draft: TicketDraft;
  image: TicketImage | null;
  uploading: boolean;
  /** 'image': the picked file is of a type or size the server refuses. */
  problem: TicketProblem | 'image';
  busy: boolean;
}

const EMPTY: TicketDraft = { category: '', title: '', content: '' };

export const initialTicket = (): TicketState => ({
  draft: EMPTY,
  image: null,
  uploading: false,
  problem: null,
  busy: false,
});

export type TicketAction =
  | { type: 'draft'; patch: Partial<TicketDraft> }
  | { type: 'uploaded'; image: TicketImage | null }
  | { type: 'removeImage' }
  | { type: 'done'; ok: boolean };

export function reduceTicket(state: TicketState, action: TicketAction): TicketState {
  switch (action.type) {
    case 'draft':
      return { ...state, draft: { ...state.draft, ...action.patch } };
    case 'uploaded':
      return { ...state, uploading: false, image: action.image ?? state.image };
    case 'removeImage':
      return { ...state, image: null };
    case 'done':
      return action.ok ? { ...state, busy: false, image: null, draft: EMPTY } : { ...state, busy: false };
  }
}

/** A picked file: refused before uploading when the server would refuse it, else the upload starts. */
export function planPick(state: TicketState, file: { type: string; size: number }) {
  if (imageProblem(file)) return { state: { ...state, problem: 'image' as const }, upload: false };
  return { state: { ...state, problem: null, uploading: true }, upload: true };
}

export interface TicketBody {
  category: string;
  title: string;
  content: string;
  imageId?: string;
}

/** A submit: the first problem shows; else the ticket to send (trimmed, as the server counts), once at a time. */
export function planTicket(state: TicketState): { state: TicketState; send: TicketBody | null } {
  if (state.busy || state.uploading) return { state, send: null };
  const problem = ticketProblem(state.draft);
  if (problem) return { state: { ...state, problem }, send: null };
  const { category, title, content } = state.draft;
  const send = {
    category,
    title: title.trim(),
    content: content.trim(),
    ...(state.image ? { imageId: state.image.id } : {}),
  };
  return { state: { ...state, problem: null, busy: true }, send };
}
