import type { FormEvent, KeyboardEvent } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { useFormModel } from '../../ui/form-store.ts';
import { charCount, MAX_MESSAGE_CHARS } from './chat-model.ts';
import { initialComposer, planSend, reduceComposer } from './composer-model.ts';

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
  const { state, dispatch, current, set } = useFormModel(reduceComposer, initialComposer);
  const count = charCount(state.text);
  const error =
    state.error === 'empty'
      ? t('support.chat.emptyMessage')
      : state.error === 'tooLong'
        ? t('support.chat.tooLong', { max: MAX_MESSAGE_CHARS })
        : null;

  const submit = async (e?: FormEvent) => {
    e?.preventDefault();
    const plan = planSend(current());
    set(plan.state);
    if (plan.send === null) return;
    dispatch({ type: 'sent', accepted: await send(plan.send) });
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
        value={state.text}
        placeholder={placeholder}
        aria-label={placeholder}
        onChange={(e) => dispatch({ type: 'text', text: e.target.value })}
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
        <button type="submit" className="btn btn-primary" disabled={state.busy}>
          {label}
        </button>
      </div>
    </form>
  );
}
