import { useCallback, useEffect, useState } from 'react';
import { Link, useRoute } from 'wouter';
import { isSuccess } from '../../api/request.ts';
import { showToast } from '../../api/toast.ts';
import { formatDateTime } from '../../format/intl.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { closeTicket, getTicket, P, replyTicket, type TicketDetail } from './api.ts';
import { TICKET_CLOSED } from './chat-model.ts';
import { Composer } from './composer.tsx';
import { TicketThread } from './ticket-thread.tsx';
import './support.css';

/** Refreshes the thread while it is open, so an answer shows up without a reload. */
const REFRESH_MS = 10_000;

/** /feedback/{id} (login): one ticket with its thread, reply and close (spec shell §7 "Feedback: get, reply, close"). */
export function FeedbackDetailPage() {
  const { t } = useTranslation();
  const [, params] = useRoute('/feedback/:id');
  const id = Number(params?.id);
  const valid = Number.isInteger(id) && id > 0;
  const [ticket, setTicket] = useState<TicketDetail | null>(null);
  const [missing, setMissing] = useState(!valid);
  const [confirming, setConfirming] = useState(false);

  const load = useCallback(
    async (signal?: AbortSignal) => {
      if (!valid) return;
      const r = await getTicket(id, signal);
      if (signal?.aborted) return;
      if (isSuccess(r.code) && r.data) setTicket(r.data);
      else if (r.code === 404) setMissing(true);
    },
    [id, valid],
  );

  useEffect(() => {
    const controller = new AbortController();
    void load(controller.signal);
    const timer = setInterval(() => void load(controller.signal), REFRESH_MS);
    return () => {
      controller.abort();
      clearInterval(timer);
    };
  }, [load]);

  const send = useCallback(
    async (text: string) => {
      const r = await replyTicket(id, text);
      // A refusal (closed meanwhile in another tab) shows the server's message; the reload shows why.
      await load();
      if (!isSuccess(r.code)) return false;
      showToast('success', t('support.feedback.replied'));
      return true;
    },
    [id, load, t],
  );

  const close = async () => {
    setConfirming(false);
    const r = await closeTicket(id);
    await load();
    if (isSuccess(r.code)) showToast('success', t('support.feedback.closedDone'));
  };

  const back = (
    <Link href="/feedback" className="sup-link sup-small">
      ← {t('support.feedback.back')}
    </Link>
  );

  if (missing) {
    return (
      <div className="sup-page">
        <section className="sup-card" data-testid="feedback-missing">
          {back}
          <p className="sup-notice">{t('support.feedback.notFound')}</p>
        </section>
      </div>
    );
  }
  if (!ticket) {
    return (
      <div className="sup-page">
        <section className="sup-card">
          <p className="sup-muted">{t('common.loading')}</p>
        </section>
      </div>
    );
  }

  const closed = ticket.status === TICKET_CLOSED;
  return (
    <div className="sup-page">
      <section className="sup-card sup-detail" data-testid="feedback-detail" data-status={ticket.status}>
        {back}
        <div className="sup-detail-head">
          <h1 className="sup-title">
            #{ticket.id} {ticket.title}
          </h1>
          <span className={`sup-badge s${ticket.status}`} data-testid="feedback-status">
            {t(`support.feedback.statuses.${String(ticket.status) as '0'}`)}
          </span>
        </div>
        <dl className="sup-facts sup-small">
          <dt>{t('support.feedback.category')}</dt>
          <dd>{t(`support.feedback.categories.${ticket.category as 'other'}`)}</dd>
          <dt>{t('support.feedback.created')}</dt>
          <dd>{formatDateTime(ticket.createTime)}</dd>
          <dt>{t('support.feedback.updated')}</dt>
          <dd>{formatDateTime(ticket.updateTime)}</dd>
        </dl>
        <h2 className="sup-subtitle">{t('support.feedback.thread')}</h2>
        <TicketThread posts={ticket.posts} imageBase={P.feedbackImage} ownSide="user" />
        {closed ? (
          <p className="sup-notice" data-testid="feedback-closed">
            {t('support.feedback.closedNotice')}
          </p>
        ) : (
          <>
            <Composer
              placeholder={t('support.feedback.replyPlaceholder')}
              label={t('support.feedback.reply')}
              send={send}
              testId="feedback-reply"
            />
            {confirming ? (
              <div className="sup-confirm" role="alertdialog" aria-label={t('support.feedback.close')}>
                <span>{t('support.feedback.closeConfirm')}</span>
                <button type="button" className="btn btn-primary btn-sm" onClick={() => void close()}>
                  {t('support.feedback.close')}
                </button>
                <button type="button" className="btn btn-ghost btn-sm" onClick={() => setConfirming(false)}>
                  {t('support.feedback.cancel')}
                </button>
              </div>
            ) : (
              <button type="button" className="btn btn-ghost sup-close" onClick={() => setConfirming(true)}>
                {t('support.feedback.close')}
              </button>
            )}
          </>
        )}
      </section>
    </div>
  );
}
