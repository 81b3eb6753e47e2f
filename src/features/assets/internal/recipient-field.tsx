import { useTranslation } from '../../../i18n/use-translation.ts';
import { storeAreaCode, useCountries } from '../../account/countries.ts';
import { EmailInput, PhoneInput } from '../../account/form/fields.tsx';
import { cleanEmail, cleanPhone } from '../../account/validation.ts';
import type { BookEntry, Recipient } from './api.ts';
import type { Lookup } from './internal-model.ts';
import { entryLabel, entryRecipient, RECIPIENT_TYPES } from './logic.ts';

const TYPE_LABEL = { uid: 'byUid', email: 'byEmail', mobile: 'byPhone' } as const;

/**
 * The recipient of an internal transfer: by UID, e-mail or phone with its area code, the member look-up that shows
 * the masked name (member-exist), and the address book's internal entries when there are any.
 */
export function RecipientField(props: {
  value: Recipient;
  onChange: (r: Recipient) => void;
  lookup: Lookup;
  onLookup: () => void;
  entries: readonly BookEntry[];
  error: string | null;
}) {
  const { t } = useTranslation();
  const countries = useCountries();
  const { value, onChange } = props;
  return (
    <div className="mv-field">
      <span className="mv-label">{t('moves.internal.recipient')}</span>
      <div className="mv-tabs" role="tablist">
        {RECIPIENT_TYPES.map((type) => (
          <button
            key={type}
            type="button"
            role="tab"
            className="mv-tab"
            aria-selected={value.type === type}
            data-testid={`recipient-${type}`}
            onClick={() => onChange({ type, value: '', areaCode: value.areaCode })}
          >
            {t(`moves.internal.${TYPE_LABEL[type]}`)}
          </button>
        ))}
      </div>
      {/* A look-up when the field is left, so the member shows before the amount is typed. */}
      <fieldset className="mv-row mv-bare" onBlur={props.onLookup}>
        <div className="mv-grow">
          {value.type === 'uid' ? (
            <input
              className="mv-input"
              name="recipient"
              inputMode="numeric"
              autoComplete="off"
              maxLength={16}
              placeholder={t('moves.internal.uidPlaceholder')}
              aria-label={t('moves.internal.recipient')}
              value={value.value}
              onChange={(e) => onChange({ ...value, value: e.target.value.replace(/\D/g, '') })}
            />
          ) : value.type === 'email' ? (
            <EmailInput value={value.value} onChange={(v) => onChange({ ...value, value: cleanEmail(v) })} />
          ) : (
            <PhoneInput
              countries={countries}
              areaCode={value.areaCode ?? ''}
              onArea={(c) => {
                storeAreaCode(c.areaCode);
                onChange({ ...value, areaCode: c.areaCode });
              }}
              phone={value.value}
              onPhone={(v) => onChange({ ...value, value: cleanPhone(v) })}
            />
          )}
        </div>
        <button
          type="button"
          className="btn btn-ghost mv-lookup"
          disabled={props.lookup.status === 'busy'}
          onClick={props.onLookup}
          data-testid="recipient-lookup"
        >
          {t('moves.internal.lookup')}
        </button>
      </fieldset>
      <div className="mv-hint mv-member" data-testid="recipient-member">
        {props.lookup.status === 'found' && !props.lookup.self ? (
          <span className="mv-ok">✓ {t('moves.internal.found', { name: props.lookup.name })}</span>
        ) : null}
        {/* A refused submit names the problem itself; the look-up's own line would say it twice. */}
        {props.lookup.status === 'found' && props.lookup.self && !props.error ? (
          <span className="mv-error">{t('moves.internal.self')}</span>
        ) : null}
        {props.lookup.status === 'none' && !props.error ? (
          <span className="mv-error">{t('moves.internal.notFound')}</span>
        ) : null}
        {props.error ? (
          <span className="mv-error" role="alert">
            {props.error}
          </span>
        ) : null}
      </div>
      {props.entries.length > 0 ? (
        <div className="mv-field">
          <span className="mv-label">{t('moves.internal.addressBook')}</span>
          <div className="mv-chips">
            {props.entries.map((e) => {
              const r = entryRecipient(e);
              return r ? (
                <button key={e.id} type="button" className="mv-chip" onClick={() => onChange(r)}>
                  {entryLabel(e)}
                </button>
              ) : null;
            })}
          </div>
        </div>
      ) : null}
    </div>
  );
}
