import { Link } from 'wouter';
import { useTranslation } from '../../../i18n/use-translation.ts';
import '../account.css';

/** /resetPwdSuccess: the end of the forget flow. */
export function ResetSuccessPage() {
  const { t } = useTranslation();
  return (
    <div className="acc-page">
      <div className="acc-card acc-center" data-testid="reset-success">
        <div className="acc-done">✓</div>
        <h1 className="acc-title">{t('account.resetSuccess.title')}</h1>
        <p className="acc-muted">{t('account.resetSuccess.text')}</p>
        <Link href="/login" className="btn btn-primary acc-submit">
          {t('account.resetSuccess.toLogin')}
        </Link>
      </div>
    </div>
  );
}
