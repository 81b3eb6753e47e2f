import { Link } from 'wouter';
import { useTranslation } from '../../i18n/use-translation.ts';

/** Unknown paths (spec shell §2): a message and a refresh button that reloads the page. */
export function NotFound() {
  const { t } = useTranslation();
  return (
    <section className="not-found" data-testid="not-found">
      <div className="not-found-code" aria-hidden="true">
        404
      </div>
      <h1>{t('notFound.title')}</h1>
      <p className="muted">{t('notFound.text')}</p>
      <div className="not-found-actions">
        <button type="button" className="btn btn-primary" onClick={() => location.reload()}>
          {t('notFound.refresh')}
        </button>
        <Link href="/" className="btn btn-ghost">
          {t('notFound.home')}
        </Link>
      </div>
    </section>
  );
}
