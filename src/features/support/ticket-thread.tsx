import { useEffect, useState } from 'react';
import { formatDateTime } from '../../format/intl.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { loadImage, type TicketPost } from './api.ts';

/** A ticket's posts, oldest first; `ownSide` is the reader's (drawn on the right). */
export function TicketThread({
  posts,
  imageBase,
  ownSide,
}: {
  posts: readonly TicketPost[];
  imageBase: string;
  ownSide: 'user' | 'agent';
}) {
  const { t } = useTranslation();
  return (
    <ol className="sup-thread sup-ticket-thread" data-testid="ticket-thread">
      {posts.map((p) => (
        <li
          key={p.id}
          className={`sup-msg${p.sender === ownSide ? ' own' : ''}`}
          data-testid="ticket-post"
          data-sender={p.sender}
        >
          <div className="sup-msg-meta">
            <span>{p.sender === 'user' ? t('support.feedback.you') : t('support.feedback.agent')}</span>
            <time>{formatDateTime(p.time, true)}</time>
          </div>
          <div className="sup-bubble">
            {p.content}
            {p.imageId ? <PostImage src={`${imageBase}/${p.imageId}`} /> : null}
          </div>
        </li>
      ))}
    </ol>
  );
}

function PostImage({ src }: { src: string }) {
  const { t } = useTranslation();
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    let made: string | null = null;
    void loadImage(src, controller.signal).then((u) => {
      made = u;
      if (!controller.signal.aborted) setUrl(u);
      else if (u) URL.revokeObjectURL(u);
    });
    return () => {
      controller.abort();
      if (made) URL.revokeObjectURL(made);
    };
  }, [src]);
  return url ? (
    <a
      href={url}
      target="_blank"
      rel="noreferrer"
      className="sup-post-image"
      aria-label={t('support.feedback.openImage')}
    >
      <img src={url} alt="" data-testid="ticket-image" />
    </a>
  ) : null;
}
