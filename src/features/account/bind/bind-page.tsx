import type { FormEvent } from 'react';
import { useLocation, useSearch } from 'wouter';
import { isSuccess } from '../../../api/request.ts';
import { showToast } from '../../../api/toast.ts';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { useFormModel } from '../../../ui/form-store.ts';
import { bindEmail, bindPhone, type Channel, changeEmail, changePhone, sendSecureCode } from '../api.ts';
import { countryByArea, storedAreaCode, useCountries } from '../countries.ts';
import { EmailInput, Field, PhoneInput } from '../form/fields.tsx';
import { AccountLayout } from '../security/account-nav.tsx';
import { FactorCodeFields } from '../security/factor-codes.tsx';
import { CodeInput, SendCodeInput } from '../security/send-code-input.tsx';
import { useSecurity } from '../security/use-security.ts';
import {
  type BindAction,
  type BindContext,
  type BindRequest,
  type BindState,
  initialBind,
  otherFactors,
  planBind,
  planSendNew,
  reduceBind,
} from './bind-model.ts';

const sendRequest = (r: BindRequest) => {
  switch (r.kind) {
    case 'bindEmail':
      return bindEmail(r.email, r.code, r.codes);
    case 'bindPhone':
      return bindPhone(r.country, r.phone, r.code, r.codes);
    case 'changeEmail':
      return changeEmail(r.email, r.code, r.oldCode, r.googleCode);
    case 'changePhone':
      return changePhone(r.country, r.phone, r.code, r.oldCode, r.googleCode);
  }
};

/**
 * /bind and /change (spec shell §2, §7): bind an e-mail or phone with its code and the codes of the bound channels;
 * change one verified on both the old and the new address. `?type=email|phone`. The rules are bind-model.ts.
 */
export function BindPage({ change = false }: { change?: boolean }) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const channel: Channel = new URLSearchParams(useSearch()).get('type') === 'phone' ? 'phone' : 'email';
  const { security } = useSecurity();
  const countries = useCountries();
  const { state, dispatch, current, set } = useFormModel(reduceBind, () => initialBind(storedAreaCode()));
  const country = countryByArea(countries, state.areaCode)?.twoCode ?? '';
  const ctx: BindContext = { channel, change, country, security };

  const sendNew = async () => {
    const plan = planSendNew(current(), ctx);
    set(plan.state);
    return plan.send ? sendSecureCode(channel, plan.send) : null;
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const plan = planBind(current(), ctx);
    set(plan.state);
    if (!plan.request) return;
    const r = await sendRequest(plan.request);
    if (!isSuccess(r.code)) return dispatch({ type: 'failed' });
    showToast('success', t('account.security.saved'));
    navigate('/safety');
  };

  const title = change ? t(`account.security.changeTitle.${channel}`) : t(`account.security.bindTitle.${channel}`);
  return (
    <AccountLayout>
      <form className="acc-panel acc-form" onSubmit={(e) => void submit(e)} noValidate data-testid="bind-form">
        <h1 className="acc-title">{title}</h1>
        <BindFields state={state} ctx={ctx} dispatch={dispatch} sendNew={sendNew} />
        {state.error?.field === 'factors' ? (
          <span className="acc-error" role="alert">
            {t(`account.rules.${state.error.rule}`)}
          </span>
        ) : null}
        <button type="submit" className="btn btn-primary acc-submit" disabled={state.busy || !security}>
          {t('account.submit')}
        </button>
      </form>
    </AccountLayout>
  );
}

function BindFields(props: {
  state: BindState;
  ctx: BindContext;
  dispatch: (action: BindAction) => void;
  sendNew: () => Promise<{ code: number } | null>;
}) {
  const { t } = useTranslation();
  const countries = useCountries();
  const { state, ctx, dispatch } = props;
  const { channel, change, security } = ctx;
  const set = (patch: Extract<BindAction, { type: 'set' }>['patch']) => dispatch({ type: 'set', patch });
  const errorOf = (field: NonNullable<BindState['error']>['field']) =>
    state.error?.field === field ? state.error.rule : null;
  return (
    <>
      {change && security ? (
        <SendCodeInput
          label={t(`account.security.oldCode.${channel}`)}
          name="oldCode"
          value={state.oldCode}
          onChange={(oldCode) => set({ oldCode })}
          send={() => sendSecureCode(channel, { type: 'CHANGE' })}
          error={errorOf('oldCode')}
        />
      ) : null}
      <Field label={t(`account.security.newAddress.${channel}`)} error={errorOf('address')}>
        {channel === 'email' ? (
          <EmailInput value={state.email} onChange={(email) => set({ email })} />
        ) : (
          <PhoneInput
            countries={countries}
            areaCode={state.areaCode}
            onArea={(c) => set({ areaCode: c.areaCode })}
            phone={state.phone}
            onPhone={(phone) => set({ phone })}
          />
        )}
      </Field>
      <SendCodeInput
        label={change ? t('account.security.newCode') : t(`account.security.${channel}Code`)}
        name="code"
        value={state.code}
        onChange={(code) => set({ code })}
        send={props.sendNew}
        error={errorOf('code')}
      />
      {security && !change ? (
        <FactorCodeFields
          security={otherFactors(security, channel)}
          type="BIND"
          codes={state.codes}
          onChange={(codes) => set({ codes })}
        />
      ) : null}
      {security && change && security.googleStatus === 1 ? (
        <CodeInput
          label={t('account.security.googleCode')}
          name="googleCode"
          value={state.codes.googleCode ?? ''}
          onChange={(googleCode) => set({ codes: { ...state.codes, googleCode } })}
        />
      ) : null}
    </>
  );
}

export function ChangePage() {
  return <BindPage change />;
}
