import { showToast } from '../../../api/toast.ts';
import { useTranslation } from '../../../i18n/use-translation.ts';

/** Copies a value (an address, a memo, a hash) and says so. */
export function CopyButton({ value, label }: { value: string; label?: string }) {
  const { t } = useTranslation();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      showToast('success', t('recharge.copied'));
    } catch {
      showToast('error', t('recharge.copyFailed'));
    }
  };
  return (
    <button
      type="button"
      className="btn btn-ghost btn-sm ast-copy"
      aria-label={label ?? t('recharge.copy')}
      onClick={() => void copy()}
    >
      {t('recharge.copy')}
    </button>
  );
}
