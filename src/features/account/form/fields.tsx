import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { Popover } from '../../../ui/popover.tsx';
import type { Country } from '../api.ts';
import {
  cleanEmail,
  cleanPassword,
  cleanPhone,
  emailSuggestions,
  PASSWORD_MAX,
  passwordChecks,
  type RuleKey,
} from '../validation.ts';
import type { AccountMode } from './account-model.ts';
import { Flag } from './flag.tsx';

/** A labelled row with its translated rule message underneath. */
export function Field({ label, error, children }: { label: string; error?: RuleKey | null; children: ReactNode }) {
  const { t } = useTranslation();
  const labelId = useId();
  const row = useRef<HTMLDivElement>(null);
  // The label names the row's first control for screen readers. Not a <label> around the row: a phone row starts
  // with the country button, which a wrapping label would name instead of the digits.
  useEffect(() => {
    const control = row.current?.querySelector('input:not([type="hidden"]), select, textarea');
    if (control && !control.hasAttribute('aria-labelledby')) control.setAttribute('aria-labelledby', labelId);
  });
  return (
    <div className="acc-field" ref={row}>
      <span className="acc-label" id={labelId}>
        {label}
      </span>
      {children}
      {error ? (
        <span className="acc-error" role="alert">
          {t(`account.rules.${error}`)}
        </span>
      ) : null}
    </div>
  );
}

export function ModeTabs({ mode, onChange }: { mode: AccountMode; onChange: (m: AccountMode) => void }) {
  const { t } = useTranslation();
  return (
    <div className="acc-tabs" role="tablist">
      {(['phone', 'email'] as const).map((m) => (
        <button
          key={m}
          type="button"
          role="tab"
          aria-selected={mode === m}
          className={mode === m ? 'acc-tab active' : 'acc-tab'}
          onClick={() => onChange(m)}
        >
          {t(`account.${m}`)}
        </button>
      ))}
    </div>
  );
}

/** Country picker with flags and area codes, and the phone digits (max 12, spec shell §5). */
export function PhoneInput(props: {
  countries: readonly Country[];
  areaCode: string;
  onArea: (c: Country) => void;
  phone: string;
  onPhone: (v: string) => void;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const search = useRef<HTMLInputElement>(null);
  const current = props.countries.find((c) => c.areaCode === props.areaCode);
  const q = query.trim().toLowerCase();
  const shown = q
    ? props.countries.filter(
        (c) => c.enName.toLowerCase().includes(q) || c.zhName.includes(q) || c.areaCode.includes(q.replace('+', '')),
      )
    : props.countries;
  return (
    <div className="acc-phone">
      <Popover
        open={open}
        onOpenChange={setOpen}
        className="acc-country-list"
        label={t('account.country')}
        initialFocus={search}
        trigger={
          <button type="button" className="acc-area" aria-label={t('account.country')} data-testid="area-code">
            <Flag code={current?.twoCode} /> +{props.areaCode}
          </button>
        }
      >
        <input
          ref={search}
          className="acc-input"
          placeholder={t('account.searchCountry')}
          value={query}
          onChange={(e) => setQuery(e.target.value)}
        />
        <ul>
          {shown.map((c) => (
            <li key={c.twoCode}>
              <button
                type="button"
                aria-pressed={c.areaCode === props.areaCode}
                onClick={() => {
                  props.onArea(c);
                  setOpen(false);
                  setQuery('');
                }}
              >
                <Flag code={c.twoCode} />
                <span className="acc-country-name">{c.enName}</span>
                <span className="acc-muted">+{c.areaCode}</span>
              </button>
            </li>
          ))}
        </ul>
      </Popover>
      <input
        className="acc-input"
        inputMode="numeric"
        autoComplete="tel-national"
        placeholder={t('account.phonePlaceholder')}
        value={props.phone}
        onChange={(e) => props.onPhone(cleanPhone(e.target.value))}
        name="phone"
      />
    </div>
  );
}

/**
 * E-mail (max 40) with the six domain suggestions (spec shell §5), listed under the field once it has been used and
 * until the address is complete. Not hidden on blur: the list would shrink between the press and the release of a
 * click on the button below it, and the click would land elsewhere.
 */
export function EmailInput({ value, onChange }: { value: string; onChange: (v: string) => void }) {
  const { t } = useTranslation();
  const [touched, setTouched] = useState(false);
  const listId = useId();
  const suggestions = touched ? emailSuggestions(value) : [];
  return (
    <div className="acc-email">
      <input
        className="acc-input"
        type="email"
        name="email"
        autoComplete="email"
        placeholder={t('account.emailPlaceholder')}
        value={value}
        // Only while the list is there: an aria-controls naming no element is invalid.
        aria-controls={suggestions.length ? listId : undefined}
        onChange={(e) => onChange(cleanEmail(e.target.value))}
        onFocus={() => setTouched(true)}
        onKeyDown={(e) => {
          if (e.key === 'Escape') setTouched(false);
        }}
      />
      {suggestions.length ? (
        <ul className="acc-suggest" id={listId}>
          {suggestions.map((s) => (
            <li key={s}>
              <button type="button" onMouseDown={() => onChange(s)}>
                {s}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

export function PasswordInput(props: {
  value: string;
  onChange: (v: string) => void;
  placeholder?: string;
  name: string;
  autoComplete?: string;
}) {
  const [shown, setShown] = useState(false);
  return (
    <div className="acc-password">
      <input
        className="acc-input"
        type={shown ? 'text' : 'password'}
        name={props.name}
        autoComplete={props.autoComplete ?? 'new-password'}
        maxLength={PASSWORD_MAX}
        placeholder={props.placeholder}
        value={props.value}
        onChange={(e) => props.onChange(cleanPassword(e.target.value))}
      />
      <button type="button" className="acc-eye" aria-pressed={shown} onClick={() => setShown((s) => !s)}>
        {shown ? '◉' : '◎'}
      </button>
    </div>
  );
}

/** The live rule checklist of a new password (spec shell §2, §5). */
export function PasswordChecklist({ password }: { password: string }) {
  const { t } = useTranslation();
  const checks = passwordChecks(password);
  return (
    <ul className="acc-checks" data-testid="password-checks">
      {(['length', 'lower', 'upper', 'digit'] as const).map((k) => (
        <li key={k} className={checks[k] ? 'ok' : ''} data-ok={checks[k]}>
          {checks[k] ? '✓' : '·'} {t(`account.checks.${k}`)}
        </li>
      ))}
    </ul>
  );
}
