import { groupDigits } from '../../../format/intl.ts';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { Dialog, DialogTitle } from '../../../ui/dialog.tsx';
import type { CheckAnswer, Recipient } from './api.ts';

/** The last look before an internal transfer leaves: who gets it, how much, the fee and what arrives. */
export function ConfirmDialog(props: {
  answer: CheckAnswer;
  recipient: Recipient;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const { answer, recipient, onCancel } = props;
  const named = recipient.type === 'mobile' ? `+${recipient.areaCode ?? ''} ${recipient.value}` : recipient.value;
  return (
    <Dialog className="mv-dialog" onClose={onCancel} dismissOnOutside={false} testId="internal-confirm">
      <DialogTitle className="mv-subtitle">{t('moves.internal.confirmTitle')}</DialogTitle>
      <dl className="mv-summary">
        <div>
          <dt>{t('moves.internal.recipient')}</dt>
          <dd>
            {named} · {answer.recipient.name}
          </dd>
        </div>
        <div>
          <dt>{t('moves.amount')}</dt>
          <dd>
            {groupDigits(answer.amount)} {answer.coin}
          </dd>
        </div>
        <div>
          <dt>{t('moves.internal.fee')}</dt>
          <dd>{answer.fee === '0' ? t('moves.internal.free') : `${groupDigits(answer.fee)} ${answer.coin}`}</dd>
        </div>
        <div>
          <dt>{t('moves.internal.arrive')}</dt>
          <dd>
            {groupDigits(answer.arrivedAmount)} {answer.coin}
          </dd>
        </div>
      </dl>
      <div className="mv-actions">
        <button type="button" className="btn btn-ghost" onClick={onCancel} disabled={props.busy}>
          {t('moves.internal.cancel')}
        </button>
        <button
          type="button"
          className="btn btn-primary"
          onClick={props.onConfirm}
          disabled={props.busy}
          data-testid="internal-confirm-button"
        >
          {props.busy ? t('moves.working') : t('moves.internal.confirm')}
        </button>
      </div>
    </Dialog>
  );
}
