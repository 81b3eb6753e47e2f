import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useSearch } from 'wouter';
import { isSuccess } from '../../api/request.ts';
import { useShell } from '../../app/shell-state.tsx';
import { useTranslation } from '../../i18n/use-translation.ts';
import { AgentConsole } from './agent-console.tsx';
import { openChat, POLL_WAIT_S, pollChat, sendChat } from './api.ts';
import { type ChatMessage, lastId, mergeMessages, retryDelay, storedOpenId, storeOpenId } from './chat-model.ts';
import { ChatThread, type ThreadItem } from './chat-thread.tsx';
import { Composer } from './composer.tsx';
import './support.css';

type LinkState = 'connecting' | 'live' | 'retrying';

/**
 * /chat: the online customer-service channel (spec shell §7: initialised with the user's uid and a stored open id).
 * The server issues the open id; messages arrive through long polls. `?agent=1` opens the agent console instead
 * (development servers only).
 */
export function ChatPage() {
  const search = useSearch();
  const agent = new URLSearchParams(search).get('agent') === '1';
  return agent ? <AgentConsole /> : <VisitorChat />;
}

/** The visitor's conversation: opened (again when the login state changes or the server lost it), then long-polled. */
function useChatSession(isLogin: boolean) {
  const [openId, setOpenId] = useState<string | null>(null);
  const [uid, setUid] = useState<string | null>(null);
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [link, setLink] = useState<LinkState>('connecting');
  const [session, setSession] = useState(0);
  const latest = useRef(0);
  latest.current = lastId(messages);

  // Opens (or reopens) the conversation: on load, when the login state changes, and when the server lost it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: isLogin and session are the triggers.
  useEffect(() => {
    let live = true;
    setLink('connecting');
    void openChat(storedOpenId()).then((r) => {
      if (!live) return;
      if (!isSuccess(r.code) || !r.data) {
        setLink('retrying');
        setTimeout(() => live && setSession((n) => n + 1), retryDelay(1));
        return;
      }
      storeOpenId(r.data.openId);
      setUid(r.data.uid);
      setMessages(r.data.messages);
      setOpenId(r.data.openId);
      setLink('live');
    });
    return () => {
      live = false;
    };
  }, [isLogin, session]);

  // The long-poll loop: one request waiting on the server at a time, backing off after failures.
  useEffect(() => {
    if (!openId) return;
    const controller = new AbortController();
    let failures = 0;
    const loop = async () => {
      while (!controller.signal.aborted) {
        const r = await pollChat(openId, latest.current, POLL_WAIT_S, controller.signal);
        if (controller.signal.aborted) return;
        if (isSuccess(r.code) && r.data) {
          failures = 0;
          setLink('live');
          const incoming = r.data.messages;
          setMessages((m) => mergeMessages(m, incoming));
          if (incoming.length) latest.current = lastId(incoming);
          continue;
        }
        if (r.code === 404) {
          // The conversation is no longer reachable (signed out of a user's chat): open a fresh one.
          setOpenId(null);
          setSession((n) => n + 1);
          return;
        }
        failures++;
        setLink('retrying');
        await new Promise((resolve) => setTimeout(resolve, retryDelay(failures)));
      }
    };
    void loop();
    return () => controller.abort();
  }, [openId]);
  return { openId, uid, messages, setMessages, link };
}

function VisitorChat() {
  const { t } = useTranslation();
  const { isLogin } = useShell();
  const { openId, uid, messages, setMessages, link } = useChatSession(isLogin);

  const send = useCallback(
    async (text: string) => {
      if (!openId) return false;
      const r = await sendChat(openId, text);
      if (!isSuccess(r.code) || !r.data) return false;
      const message = r.data;
      setMessages((m) => mergeMessages(m, [message]));
      return true;
    },
    [openId, setMessages],
  );

  const items = useMemo<ThreadItem[]>(
    () =>
      messages.map((m) => ({
        id: m.id,
        own: m.sender === 'visitor',
        author: m.sender === 'visitor' ? t('support.chat.you') : t('support.chat.agent'),
        content: m.content,
        time: m.time,
      })),
    [messages, t],
  );

  return (
    <div className="sup-page">
      <section className="sup-card sup-chat" data-testid="support-chat" data-link={link}>
        <header className="sup-chat-head">
          <ServiceIcon />
          <div>
            <h1 className="sup-title">{t('support.chat.title')}</h1>
            <p className="sup-muted sup-small">{t('support.chat.subtitle')}</p>
          </div>
        </header>
        <div className="sup-identity sup-small" data-testid="chat-identity">
          {uid ? t('support.chat.signedInAs', { uid }) : t('support.chat.guest')}
        </div>
        {link !== 'live' ? (
          <div className="sup-status" role="status">
            {link === 'connecting' ? t('support.chat.connecting') : t('support.chat.reconnecting')}
          </div>
        ) : null}
        <div className="sup-welcome">
          <span className="sup-bubble">{t('support.chat.welcome')}</span>
        </div>
        <ChatThread items={items} empty={t('support.chat.empty')} testId="chat-thread" />
        <Composer
          placeholder={t('support.chat.placeholder')}
          label={t('support.chat.send')}
          send={send}
          testId="chat-composer"
        />
        {isLogin ? (
          <Link href="/feedback" className="sup-link sup-small">
            {t('support.chat.feedbackLink')}
          </Link>
        ) : null}
      </section>
    </div>
  );
}

/** A headset mark drawn here (nothing hot-linked). */
function ServiceIcon() {
  return (
    <svg className="sup-icon" viewBox="0 0 32 32" width="40" height="40" aria-hidden="true">
      <circle cx="16" cy="16" r="16" fill="var(--accent)" />
      <path d="M9 17v-2a7 7 0 0 1 14 0v2" fill="none" stroke="var(--on-accent)" strokeWidth="2" strokeLinecap="round" />
      <rect x="7.5" y="16" width="4" height="6" rx="1.5" fill="var(--on-accent)" />
      <rect x="20.5" y="16" width="4" height="6" rx="1.5" fill="var(--on-accent)" />
      <path d="M22.5 22c0 2-2 3-5 3" fill="none" stroke="var(--on-accent)" strokeWidth="1.6" strokeLinecap="round" />
    </svg>
  );
}
