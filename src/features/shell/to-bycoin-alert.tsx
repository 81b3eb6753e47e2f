import { useState } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { CheckCircleIcon, CloseIcon } from '../../ui/icons.tsx';

/** `?toBycoin=1` (back from a card purchase): a success alert with the fast-buy tip (spec shell §2). */
export function ToBycoinAlert({ search }: { search: string }) {
  const { t } = useTranslation();
  const [closed, setClosed] = useState(false);
  if (closed || new URLSearchParams(search).get('toBycoin') !== '1') return null;
  return (
    <div className="alert alert-success" role="status" data-testid="to-bycoin-alert">
      <CheckCircleIcon size={18} />
      <div>
        <strong>{t('toBycoin.title')}</strong>
        <p>{t('toBycoin.tip')}</p>
      </div>
      <button type="button" className="icon-btn" aria-label={t('common.close')} onClick={() => setClosed(true)}>
        <CloseIcon />
      </button>
    </div>
  );
}
