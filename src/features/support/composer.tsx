import { type FormEvent, type KeyboardEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { charCount, draftProblem, MAX_MESSAGE_CHARS } from './chat-model.ts';

/**
 * A message box with a character counter; Enter sends, Shift+Enter starts a new line. `send` resolves true when the
 * message was accepted, and only then is the box cleared.
 */
export function Composer({
  placeholder,
  label,
  send,
  testId,
}: {
  placeholder: string;
  label: string;
  send: (text: string) => Promise<boolean>;
  testId: string;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const count = charCount(text);

  const submit = async (e?: FormEvent) => {
    e?.preventDefault();
    if (busy) return;
    const problem = draftProblem(text);
    if (problem) {
      setError(
        problem === 'empty' ? t('support.chat.emptyMessage') : t('support.chat.tooLong', { max: MAX_MESSAGE_CHARS }),
      );
      return;
    }
    setError(null);
    setBusy(true);
    const accepted = await send(text.trim());
    setBusy(false);
    if (accepted) setText('');
  };
  const onKey = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      void submit();
    }
  };

  return (
    <form className="sup-composer" onSubmit={(e) => void submit(e)} data-testid={testId} noValidate>
      <textarea
        className="sup-input"
        name="message"
        rows={3}
        value={text}
        placeholder={placeholder}
        aria-label={placeholder}
        onChange={(e) => {
          setText(e.target.value);
          if (error) setError(null);
        }}
        onKeyDown={onKey}
      />
      <div className="sup-composer-row">
        <span className={`sup-counter${count > MAX_MESSAGE_CHARS ? ' over' : ''}`} data-testid="chat-counter">
          {count} / {MAX_MESSAGE_CHARS}
        </span>
        {error ? (
          <span className="sup-error" role="alert">
            {error}
          </span>
        ) : null}
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {label}
        </button>
      </div>
    </form>
  );
}
