import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { Link } from 'wouter';
import { isSuccess } from '../../api/request.ts';
import { showToast } from '../../api/toast.ts';
import { formatDateTime } from '../../format/intl.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { useFormModel } from '../../ui/form-store.ts';
import { addTicket, listTickets, type TicketPage, uploadFeedbackImage } from './api.ts';
import {
  charCount,
  FEEDBACK_CATEGORIES,
  FEEDBACK_PAGE_SIZE,
  IMAGE_TYPES,
  MAX_MESSAGE_CHARS,
  MAX_TITLE_CHARS,
  pageCount,
  type TicketDraft,
} from './chat-model.ts';
import { initialTicket, planPick, planTicket, reduceTicket } from './ticket-model.ts';
import './support.css';

/** /feedback (login): a new ticket and the user's tickets, 10 per page (spec shell §7 "Feedback: add, getlist"). */
export function FeedbackPage() {
  const { t } = useTranslation();
  const [pageNo, setPageNo] = useState(1);
  const [page, setPage] = useState<TicketPage | null>(null);
  const [run, setRun] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: run is the reload trigger.
  useEffect(() => {
    const controller = new AbortController();
    void listTickets(pageNo, FEEDBACK_PAGE_SIZE, controller.signal).then((r) => {
      if (!controller.signal.aborted && isSuccess(r.code) && r.data) setPage(r.data);
    });
    return () => controller.abort();
  }, [pageNo, run]);

  const created = useCallback(() => {
    setPageNo(1);
    setRun((n) => n + 1);
  }, []);
  const pages = page ? pageCount(page.total, page.pageSize) : 1;

  return (
    <div className="sup-page sup-feedback">
      <section className="sup-card" data-testid="feedback-form-card">
        <h1 className="sup-title">{t('support.feedback.title')}</h1>
        <p className="sup-muted sup-small">{t('support.feedback.subtitle')}</p>
        <NewTicketForm onCreated={created} />
      </section>
      <section className="sup-card" data-testid="feedback-list">
        <h2 className="sup-subtitle">{t('support.feedback.list')}</h2>
        {page === null ? (
          <p className="sup-muted">{t('common.loading')}</p>
        ) : page.records.length === 0 ? (
          <p className="sup-muted sup-empty">{t('support.feedback.empty')}</p>
        ) : (
          <table className="sup-table">
            <thead>
              <tr>
                <th>{t('support.feedback.ticketTitle')}</th>
                <th>{t('support.feedback.category')}</th>
                <th>{t('support.feedback.status')}</th>
                <th>{t('support.feedback.updated')}</th>
              </tr>
            </thead>
            <tbody>
              {page.records.map((x) => (
                <tr key={x.id} data-testid="feedback-row" data-status={x.status}>
                  <td>
                    <Link href={`/feedback/${x.id}`} className="sup-link">
                      #{x.id} {x.title}
                    </Link>
                  </td>
                  <td>{t(`support.feedback.categories.${x.category as 'other'}`)}</td>
                  <td>
                    <span className={`sup-badge s${x.status}`}>
                      {t(`support.feedback.statuses.${String(x.status) as '0'}`)}
                    </span>
                  </td>
                  <td className="sup-muted">{formatDateTime(x.updateTime)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {page && pages > 1 ? (
          <div className="sup-pager">
            <button
              type="button"
              className="btn btn-ghost btn-sm"
              disabled={pageNo <= 1}
              onClick={() => setPageNo((n) => n - 1)}
            >
              {t('support.feedback.prev')}
            </button>
            <span className="sup-muted sup-small">{t('support.feedback.page', { page: pageNo, pages })}</span>
            <button
              type="button"
              className="btn btn-ghost btn-sm"
              disabled={pageNo >= pages}
              onClick={() => setPageNo((n) => n + 1)}
            >
              {t('support.feedback.next')}
            </button>
          </div>
        ) : null}
      </section>
    </div>
  );
}

function NewTicketForm({ onCreated }: { onCreated: () => void }) {
  const { t } = useTranslation();
  const { state, dispatch, current, set } = useFormModel(reduceTicket, initialTicket);
  const { draft, image, problem } = state;

  const pick = async (file: File | undefined) => {
    if (!file) return;
    const plan = planPick(current(), file);
    set(plan.state);
    if (!plan.upload) return;
    const r = await uploadFeedbackImage(file);
    const id = isSuccess(r.code) ? r.data?.id : undefined;
    dispatch({ type: 'uploaded', image: id ? { id, preview: URL.createObjectURL(file) } : null });
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const plan = planTicket(current());
    set(plan.state);
    if (!plan.send) return;
    const r = await addTicket(plan.send);
    const ok = isSuccess(r.code);
    if (ok) showToast('success', t('support.feedback.submitted'));
    if (ok && image) URL.revokeObjectURL(image.preview);
    dispatch({ type: 'done', ok });
    if (ok) onCreated();
  };
  const setDraft = (patch: Partial<TicketDraft>) => dispatch({ type: 'draft', patch });

  return (
    <form className="sup-form" onSubmit={(e) => void submit(e)} noValidate data-testid="feedback-form">
      <label className="sup-field">
        <span className="sup-label">{t('support.feedback.category')}</span>
        <select
          className="sup-input"
          name="category"
          value={draft.category}
          onChange={(e) => setDraft({ category: e.target.value })}
        >
          <option value="">{t('support.feedback.chooseCategory')}</option>
          {FEEDBACK_CATEGORIES.map((c) => (
            <option key={c} value={c}>
              {t(`support.feedback.categories.${c}`)}
            </option>
          ))}
        </select>
      </label>
      <label className="sup-field">
        <span className="sup-label">{t('support.feedback.ticketTitle')}</span>
        <input
          className="sup-input"
          name="title"
          maxLength={MAX_TITLE_CHARS}
          placeholder={t('support.feedback.titlePlaceholder')}
          value={draft.title}
          onChange={(e) => setDraft({ title: e.target.value })}
        />
      </label>
      <label className="sup-field">
        <span className="sup-label">{t('support.feedback.content')}</span>
        <textarea
          className="sup-input"
          name="content"
          rows={5}
          placeholder={t('support.feedback.contentPlaceholder')}
          value={draft.content}
          onChange={(e) => setDraft({ content: e.target.value })}
        />
        <span className={`sup-counter${charCount(draft.content) > MAX_MESSAGE_CHARS ? ' over' : ''}`}>
          {charCount(draft.content)} / {MAX_MESSAGE_CHARS}
        </span>
      </label>
      <ImageField
        image={image}
        uploading={state.uploading}
        onPick={(file) => void pick(file)}
        onRemove={() => {
          if (image) URL.revokeObjectURL(image.preview);
          dispatch({ type: 'removeImage' });
        }}
      />
      {problem ? (
        <span className="sup-error" role="alert">
          {problem === 'image'
            ? t('support.feedback.imageHint')
            : t(`support.feedback.${problem}`, {
                max: problem === 'titleTooLong' ? MAX_TITLE_CHARS : MAX_MESSAGE_CHARS,
              })}
        </span>
      ) : null}
      <button type="submit" className="btn btn-primary sup-submit" disabled={state.busy || state.uploading}>
        {t('support.feedback.submit')}
      </button>
    </form>
  );
}

/** One optional image: its preview and a remove button, or the file input while there is none. */
function ImageField(props: {
  image: { id: string; preview: string } | null;
  uploading: boolean;
  onPick: (file: File | undefined) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const { image } = props;
  return (
    <div className="sup-field">
      <span className="sup-label">{t('support.feedback.image')}</span>
      <div className="sup-upload-row">
        {image ? (
          <>
            <img className="sup-preview" src={image.preview} alt="" data-testid="feedback-preview" />
            <button type="button" className="btn btn-ghost btn-sm" onClick={props.onRemove}>
              {t('support.feedback.removeImage')}
            </button>
          </>
        ) : (
          <label className="btn btn-ghost btn-sm sup-file">
            {props.uploading ? t('support.feedback.uploading') : t('support.feedback.addImage')}
            <input
              type="file"
              name="image"
              accept={IMAGE_TYPES.join(',')}
              onChange={(e) => {
                props.onPick(e.target.files?.[0]);
                e.target.value = '';
              }}
            />
          </label>
        )}
        <span className="sup-muted sup-small">{t('support.feedback.imageHint')}</span>
      </div>
    </div>
  );
}
