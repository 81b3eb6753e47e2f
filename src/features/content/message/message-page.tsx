import { useCallback, useEffect, useState } from 'react';
import { isSuccess } from '../../../api/request.ts';
import { showToast } from '../../../api/toast.ts';
import { useRequest } from '../../../api/use-request.ts';
import { formatDateTime } from '../../../format/intl.ts';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { markAllMessagesRead, markMessageRead, messagePage, unreadCount } from '../api.ts';
import { Loaded, PageHead, Pager } from '../parts.tsx';

/** spec shell §9: default page size 20. */
const MESSAGE_PAGE_SIZE = 20;

/** /message (login required): the user's messages with their read state, one read or all at once. */
export function MessagePage() {
  const { t } = useTranslation();
  const [unreadOnly, setUnreadOnly] = useState(false);
  const [page, setPage] = useState(1);
  const [unread, setUnread] = useState<number | null>(null);
  const { state, reload } = useRequest(
    useCallback(() => messagePage(page, MESSAGE_PAGE_SIZE, unreadOnly), [page, unreadOnly]),
  );
  useEffect(() => {
    void unreadCount().then(setUnread);
  }, []);

  const readAll = async () => {
    const r = await markAllMessagesRead();
    if (!isSuccess(r.code)) return;
    setUnread(r.data?.unread ?? 0);
    showToast('success', t('content.message.allRead'));
    reload();
  };
  const readOne = async (id: number) => {
    const r = await markMessageRead(id);
    if (!isSuccess(r.code)) return;
    setUnread(r.data?.unread ?? 0);
    reload();
  };
  const tab = (only: boolean) => {
    setUnreadOnly(only);
    setPage(1);
  };

  return (
    <div className="ct-page ct-narrow" data-testid="message-page">
      <PageHead title={t('content.message.title')} />
      <div className="ct-toolbar">
        <div className="ct-tabs" role="tablist">
          <button type="button" role="tab" aria-selected={!unreadOnly} onClick={() => tab(false)}>
            {t('content.message.all')}
          </button>
          <button type="button" role="tab" aria-selected={unreadOnly} onClick={() => tab(true)}>
            {t('content.message.unread')}
          </button>
        </div>
        <div className="ct-row">
          <span className="muted" data-testid="unread-count">
            {t('content.message.unreadCount', { count: unread ?? 0 })}
          </span>
          <button type="button" className="btn btn-sm btn-primary" disabled={!unread} onClick={() => void readAll()}>
            {t('content.message.markAllRead')}
          </button>
        </div>
      </div>
      <Loaded state={state}>
        {(data) =>
          data.records.length === 0 ? (
            <p className="muted ct-state">{t('content.message.empty')}</p>
          ) : (
            <>
              <ul className="ct-list" data-testid="message-list">
                {data.records.map((m) => (
                  <li key={m.id} className={`ct-msg ${m.read ? 'read' : 'unread'}`} data-read={m.read ? 1 : 0}>
                    <div className="ct-msg-title">{m.title}</div>
                    <p>{m.content}</p>
                    <div className="ct-meta">
                      <time>{formatDateTime(m.time)}</time>
                      <span className={`ct-tag ${m.read ? 'ended' : 'upcoming'}`}>
                        {m.read ? t('content.message.isRead') : t('content.message.isUnread')}
                      </span>
                      {!m.read && (
                        <button type="button" className="link-btn" onClick={() => void readOne(m.id)}>
                          {t('content.message.markRead')}
                        </button>
                      )}
                    </div>
                  </li>
                ))}
              </ul>
              <Pager pageNo={data.pageNo} pageSize={data.pageSize} total={data.total} onPage={setPage} />
            </>
          )
        }
      </Loaded>
    </div>
  );
}
