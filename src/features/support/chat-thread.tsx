import { useEffect, useMemo } from 'react';
import { List, type RowComponentProps, useDynamicRowHeight, useListRef } from 'react-window';
import { formatDateTime } from '../../format/intl.ts';

export interface ThreadItem {
  id: number;
  /** The reader's own side is drawn on the right. */
  own: boolean;
  author: string;
  content: string;
  time: number;
}

/**
 * A chat thread that keeps the newest message in view. A conversation grows without end, so only the messages in view
 * are rendered (react-window, heights measured as messages differ in length). Text is rendered as text (React escapes
 * it).
 */
export function ChatThread({ items, empty, testId }: { items: readonly ThreadItem[]; empty: string; testId: string }) {
  const list = useListRef(null);
  const rowHeight = useDynamicRowHeight({ defaultRowHeight: 64 });
  const count = items.length;
  useEffect(() => {
    if (count > 0) list.current?.scrollToRow({ index: count - 1, align: 'end' });
  }, [count, list]);
  const rowProps = useMemo(() => ({ items }), [items]);
  return (
    <div className="sup-chat-thread" data-testid={testId} aria-live="polite">
      {count === 0 ? <p className="sup-muted sup-empty">{empty}</p> : null}
      <List
        className="sup-thread-list"
        listRef={list}
        rowComponent={MessageRow}
        rowCount={count}
        rowHeight={rowHeight}
        rowProps={rowProps}
        rowKey={messageKey}
        overscanCount={4}
      />
    </div>
  );
}

const messageKey = (index: number, { items }: { items: readonly ThreadItem[] }) => items[index]?.id ?? index;

function MessageRow({ index, style, ariaAttributes, items }: RowComponentProps<{ items: readonly ThreadItem[] }>) {
  const m = items[index];
  if (!m) return null;
  return (
    <div style={style} {...ariaAttributes} className={`sup-msg-row${m.own ? ' own' : ''}`}>
      <div className="sup-msg" data-testid="chat-message" data-own={m.own}>
        <div className="sup-msg-meta">
          <span>{m.author}</span>
          <time>{formatDateTime(m.time, true)}</time>
        </div>
        <div className="sup-bubble">{m.content}</div>
      </div>
    </div>
  );
}
