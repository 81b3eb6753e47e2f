import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { isSuccess } from '../../api/request.ts';
import { formatDateTime } from '../../format/intl.ts';
import type { TFunction } from '../../i18n/i18n.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { useVirtualRows } from '../../ui/virtual-rows.ts';
import {
  type AgentChat,
  type AgentTicket,
  type AgentTicketDetail,
  agentChats,
  agentCloseChat,
  agentReplyChat,
  agentReplyTicket,
  agentThread,
  agentTicket,
  agentTickets,
  P,
  POLL_WAIT_S,
} from './api.ts';
import { type ChatMessage, lastId, mergeMessages, retryDelay, TICKET_CLOSED } from './chat-model.ts';
import { ChatThread, type ThreadItem } from './chat-thread.tsx';
import { Composer } from './composer.tsx';
import { TicketThread } from './ticket-thread.tsx';

type Selected = { kind: 'chat'; id: number } | { kind: 'ticket'; id: number } | null;

/**
 * The agent's side of customer service (/chat?agent=1): open conversations and tickets of every user, with replies.
 * It talks to /dev/support/*, which only development servers have; a production server answers 404 and the console
 * says it is unavailable.
 */
export function AgentConsole() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<'chats' | 'tickets'>('chats');
  const [selected, setSelected] = useState<Selected>(null);
  const { chats, tickets, available, reloadTickets } = useAgentLists();

  if (available === false) {
    return (
      <div className="sup-page">
        <div className="sup-card" data-testid="agent-unavailable">
          <h1 className="sup-title">{t('support.agent.title')}</h1>
          <p className="sup-muted">{t('support.agent.unavailable')}</p>
        </div>
      </div>
    );
  }

  return (
    <div className="sup-page">
      <div className="sup-card sup-agent" data-testid="agent-console">
        <h1 className="sup-title">{t('support.agent.title')}</h1>
        <div className="sup-agent-body">
          <aside className="sup-agent-side">
            <div className="sup-tabs" role="tablist">
              {(['chats', 'tickets'] as const).map((k) => (
                <button
                  key={k}
                  type="button"
                  role="tab"
                  aria-selected={tab === k}
                  className={`sup-tab${tab === k ? ' active' : ''}`}
                  onClick={() => {
                    setTab(k);
                    if (k === 'tickets') reloadTickets();
                  }}
                >
                  {t(`support.agent.${k}`)} ({k === 'chats' ? chats.length : tickets.length})
                </button>
              ))}
            </div>
            <AgentList tab={tab} chats={chats} tickets={tickets} selected={selected} onSelect={setSelected} />
          </aside>
          <section className="sup-agent-main">
            {selected === null ? (
              <p className="sup-muted sup-empty">{t('support.agent.pick')}</p>
            ) : selected.kind === 'chat' ? (
              <AgentChatView key={`c${selected.id}`} id={selected.id} />
            ) : (
              <AgentTicketView key={`t${selected.id}`} id={selected.id} onChange={reloadTickets} />
            )}
          </section>
        </div>
      </div>
    </div>
  );
}

/** Every open conversation (long-polled: the server wakes it on every visitor message or ticket post) and ticket. */
function useAgentLists() {
  const [chats, setChats] = useState<AgentChat[]>([]);
  const [tickets, setTickets] = useState<AgentTicket[]>([]);
  const [available, setAvailable] = useState<boolean | null>(null);
  const [ticketsRun, setTicketsRun] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    let failures = 0;
    let wait = 0;
    const loop = async () => {
      while (!controller.signal.aborted) {
        const r = await agentChats(wait, controller.signal);
        if (controller.signal.aborted) return;
        if (isSuccess(r.code) && r.data) {
          failures = 0;
          wait = POLL_WAIT_S;
          setAvailable(true);
          setChats(r.data);
          setTicketsRun((n) => n + 1);
          continue;
        }
        if (r.code === 404) {
          setAvailable(false);
          return;
        }
        failures++;
        await new Promise((resolve) => setTimeout(resolve, retryDelay(failures)));
      }
    };
    void loop();
    return () => controller.abort();
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: ticketsRun is the reload trigger.
  useEffect(() => {
    if (available !== true) return;
    const controller = new AbortController();
    void agentTickets(controller.signal).then((r) => {
      if (!controller.signal.aborted && isSuccess(r.code) && r.data) setTickets(r.data.records);
    });
    return () => controller.abort();
  }, [available, ticketsRun]);
  const reloadTickets = useCallback(() => setTicketsRun((n) => n + 1), []);
  return { chats, tickets, available, reloadTickets };
}

function AgentList(props: {
  tab: 'chats' | 'tickets';
  chats: readonly AgentChat[];
  tickets: readonly AgentTicket[];
  selected: Selected;
  onSelect: (selected: Selected) => void;
}) {
  const { t } = useTranslation();
  const { tab, chats, tickets, selected, onSelect } = props;
  const item = (kind: 'chat' | 'ticket', id: number, children: ReactNode) => (
    <button
      type="button"
      className={`sup-agent-item${selected?.kind === kind && selected.id === id ? ' active' : ''}`}
      onClick={() => onSelect({ kind, id })}
      data-testid={`agent-${kind}-item`}
    >
      {children}
    </button>
  );
  if (tab === 'chats') {
    return (
      <VirtualList items={chats} empty={t('support.agent.noChats')} testId="agent-chats">
        {(c) =>
          item(
            'chat',
            c.id,
            <>
              <strong>{who(t, c)}</strong>
              <span className={`sup-small${c.lastSender === 'visitor' ? ' sup-unanswered' : ' sup-muted'}`}>
                {c.lastContent}
              </span>
              <time className="sup-muted sup-small">{formatDateTime(c.updatedAt, true)}</time>
            </>,
          )
        }
      </VirtualList>
    );
  }
  return (
    <VirtualList items={tickets} empty={t('support.agent.noTickets')} testId="agent-tickets">
      {(x) =>
        item(
          'ticket',
          x.id,
          <>
            <strong>
              #{x.id} {x.title}
            </strong>
            <span className="sup-small sup-muted">
              {t(`support.feedback.categories.${x.category as 'other'}`)} ·{' '}
              {t(`support.feedback.statuses.${String(x.status) as '0'}`)}
            </span>
            <span className="sup-small sup-muted">{x.uid ? who(t, x) : null}</span>
          </>,
        )
      }
    </VirtualList>
  );
}

const who = (t: TFunction, x: { uid: string | null; username: string | null; id: number }) =>
  x.uid ? t('support.agent.user', { name: x.username ?? '', uid: x.uid }) : t('support.agent.guest', { id: x.id });

/** Fixed row height of the agent's lists (support.css .sup-agent-list li); every user's chats and tickets can grow. */
const AGENT_ROW = 76;
const AGENT_VIEWPORT = 600;

/** Only the items in view are rendered (useVirtualRows, react-window). */
function VirtualList<T extends { id: number }>(props: {
  items: readonly T[];
  empty: string;
  testId: string;
  children: (item: T) => ReactNode;
}) {
  const { items } = props;
  const view = useVirtualRows(items.length, AGENT_ROW, AGENT_VIEWPORT);
  return (
    <div className="sup-agent-list" data-testid={props.testId} ref={view.scrollerRef}>
      {items.length === 0 ? <p className="sup-muted">{props.empty}</p> : null}
      <ul ref={view.bodyRef} style={{ paddingTop: view.before, paddingBottom: view.after }}>
        {items.slice(view.start, view.end).map((item) => (
          <li key={item.id}>{props.children(item)}</li>
        ))}
      </ul>
    </div>
  );
}

function AgentChatView({ id }: { id: number }) {
  const { t } = useTranslation();
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [title, setTitle] = useState('');
  const latest = useRef(0);
  latest.current = lastId(messages);

  useEffect(() => {
    const controller = new AbortController();
    let failures = 0;
    let wait = 0;
    const loop = async () => {
      while (!controller.signal.aborted) {
        const r = await agentThread(id, latest.current, wait, controller.signal);
        if (controller.signal.aborted) return;
        if (isSuccess(r.code) && r.data) {
          const data = r.data;
          failures = 0;
          wait = POLL_WAIT_S;
          setTitle(
            data.uid
              ? t('support.agent.user', { name: data.username ?? '', uid: data.uid })
              : t('support.agent.guest', { id: data.id }),
          );
          setMessages((m) => mergeMessages(m, data.messages));
          if (data.messages.length) latest.current = lastId(data.messages);
          continue;
        }
        failures++;
        await new Promise((resolve) => setTimeout(resolve, retryDelay(failures)));
      }
    };
    void loop();
    return () => controller.abort();
  }, [id, t]);

  const send = useCallback(
    async (text: string) => {
      const r = await agentReplyChat(id, text);
      if (!isSuccess(r.code) || !r.data) return false;
      const message = r.data;
      setMessages((m) => mergeMessages(m, [message]));
      return true;
    },
    [id],
  );
  const items = useMemo<ThreadItem[]>(
    () =>
      messages.map((m) => ({
        id: m.id,
        own: m.sender === 'agent',
        author: m.sender === 'agent' ? t('support.chat.agent') : t('support.chat.visitor'),
        content: m.content,
        time: m.time,
      })),
    [messages, t],
  );
  return (
    <div className="sup-agent-view" data-testid="agent-chat">
      <div className="sup-agent-view-head">
        <strong>{title}</strong>
        <button type="button" className="btn btn-ghost btn-sm" onClick={() => void agentCloseChat(id)}>
          {t('support.agent.closeChat')}
        </button>
      </div>
      <ChatThread items={items} empty={t('support.chat.empty')} testId="agent-thread" />
      <Composer
        placeholder={t('support.agent.replyPlaceholder')}
        label={t('support.agent.reply')}
        send={send}
        testId="agent-composer"
      />
    </div>
  );
}

function AgentTicketView({ id, onChange }: { id: number; onChange: () => void }) {
  const { t } = useTranslation();
  const [ticket, setTicket] = useState<AgentTicketDetail | null>(null);
  const load = useCallback(() => {
    void agentTicket(id).then((r) => {
      if (isSuccess(r.code) && r.data) setTicket(r.data);
    });
  }, [id]);
  useEffect(load, [load]);

  const send = useCallback(
    async (text: string) => {
      const r = await agentReplyTicket(id, text);
      load();
      onChange();
      return isSuccess(r.code);
    },
    [id, load, onChange],
  );
  if (!ticket) return null;
  return (
    <div className="sup-agent-view" data-testid="agent-ticket">
      <div className="sup-agent-view-head">
        <strong>
          #{ticket.id} {ticket.title}
        </strong>
        <span className={`sup-badge s${ticket.status}`}>
          {t(`support.feedback.statuses.${String(ticket.status) as '0'}`)}
        </span>
      </div>
      <TicketThread posts={ticket.posts} imageBase={`${P.devTickets}/image`} ownSide="agent" />
      {ticket.status === TICKET_CLOSED ? (
        <p className="sup-notice">{t('support.feedback.closedNotice')}</p>
      ) : (
        <Composer
          placeholder={t('support.agent.replyPlaceholder')}
          label={t('support.agent.reply')}
          send={send}
          testId="agent-ticket-composer"
        />
      )}
    </div>
  );
}
