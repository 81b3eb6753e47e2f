import { useEffect, useRef } from 'react';
import { formatDateTime } from '../../format/intl.ts';

export interface ThreadItem {
  id: number;
  /** The reader's own side is drawn on the right. */
  own: boolean;
  author: string;
  content: string;
  time: number;
}

/** A chat thread that keeps the newest message in view. Text is rendered as text (React escapes it). */
export function ChatThread({ items, empty, testId }: { items: readonly ThreadItem[]; empty: string; testId: string }) {
  const end = useRef<HTMLDivElement>(null);
  const count = items.length;
  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll when the number of messages changes.
  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'end' });
  }, [count]);
  return (
    <div className="sup-thread" data-testid={testId} aria-live="polite">
      {count === 0 ? <p className="sup-muted sup-empty">{empty}</p> : null}
      {items.map((m) => (
        <div key={m.id} className={`sup-msg${m.own ? ' own' : ''}`} data-testid="chat-message" data-own={m.own}>
          <div className="sup-msg-meta">
            <span>{m.author}</span>
            <time>{formatDateTime(m.time, true)}</time>
          </div>
          <div className="sup-bubble">{m.content}</div>
        </div>
      ))}
      <div ref={end} />
    </div>
  );
}
