import { type FormEvent, useState } from 'react';
import { useLocation } from 'wouter';
import { useShell } from '../../app/shell-state.tsx';
import { useTranslation } from '../../i18n/use-translation.ts';
import { signUpTarget } from './rules.ts';

/**
 * The sign-up box (spec shell §2, §5): a visitor types a phone or e-mail and goes to /register with it; a bad entry
 * shows homePage.inputError and stays. A signed-in user's button goes to /recharge.
 */
export function SignUpBox() {
  const { t } = useTranslation();
  const { isLogin } = useShell();
  const [, navigate] = useLocation();
  const [value, setValue] = useState('');
  const [error, setError] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = signUpTarget(value, isLogin);
    if (!result.ok) {
      setError(true);
      return;
    }
    navigate(result.to);
  };

  return (
    <section className="home-hero" aria-labelledby="home-hero-title">
      <h1 id="home-hero-title">{t('homePage.signUp.title')}</h1>
      <p className="home-hero-sub">{isLogin ? t('homePage.signUp.welcome') : t('homePage.signUp.subtitle')}</p>
      <form className="home-signup" onSubmit={submit} noValidate data-testid="home-signup">
        {!isLogin && (
          <input
            type="text"
            inputMode="email"
            autoComplete="username"
            value={value}
            placeholder={t('homePage.signUp.placeholder')}
            aria-label={t('homePage.signUp.label')}
            aria-invalid={error}
            aria-describedby={error ? 'home-signup-error' : undefined}
            onChange={(e) => {
              setValue(e.target.value);
              setError(false);
            }}
          />
        )}
        <button type="submit" className="home-primary">
          {isLogin ? t('homePage.signUp.deposit') : t('homePage.signUp.register')}
        </button>
      </form>
      {error && (
        <p id="home-signup-error" className="home-signup-error" role="alert">
          {t('homePage.inputError')}
        </p>
      )}
    </section>
  );
}
