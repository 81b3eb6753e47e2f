import { type ReactNode, useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { CloseIcon } from '../../../ui/icons.tsx';

/** A modal dialog over the page: closes on Escape, on the close button and on the backdrop. */
export function Dialog(props: { title: string; onClose: () => void; children: ReactNode; testId?: string }) {
  const { t } = useTranslation();
  const titleId = useId();
  const { onClose } = props;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onClose]);
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the backdrop closes on a click; Escape closes too.
    <div className="ast-backdrop" onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <div className="ast-dialog" role="dialog" aria-modal="true" aria-labelledby={titleId} data-testid={props.testId}>
        <header className="ast-dialog-head">
          <h2 id={titleId}>{props.title}</h2>
          <button type="button" className="ast-icon-button" aria-label={t('recharge.close')} onClick={onClose}>
            <CloseIcon />
          </button>
        </header>
        {props.children}
      </div>
    </div>
  );
}
