import { type FormEvent, useCallback } from 'react';
import { isSuccess } from '../../../api/request.ts';
import { useRequest } from '../../../api/use-request.ts';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { useFormModel } from '../../../ui/form-store.ts';
import { officialChannels, verifyChannel } from '../api.ts';
import { Loaded, PageHead } from '../parts.tsx';
import { initialChannel, planCheck, reduceChannel } from './channel-model.ts';

type Kind = 'website' | 'email' | 'telegram' | 'x' | 'discord' | 'youtube';
type Region = 'global' | 'vi' | 'zh';

/** /support-center/channel-verification: is a link, e-mail or handle one of Tickstream's official channels? */
export function ChannelVerificationPage() {
  const { t } = useTranslation();
  const { state, dispatch, current, set } = useFormModel(reduceChannel, initialChannel);
  const { verdict } = state;
  const error =
    state.error === 'empty'
      ? t('content.channel.empty')
      : state.error === 'invalid'
        ? t('content.channel.invalid')
        : (state.error?.message ?? '');
  const list = useRequest(useCallback(() => officialChannels(), []));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const plan = planCheck(current());
    set(plan.state);
    if (plan.send === null) return;
    const r = await verifyChannel(plan.send);
    dispatch({ type: 'answer', ok: isSuccess(r.code), code: r.code, data: r.data, message: r.message });
  };

  return (
    <div className="ct-page ct-narrow" data-testid="channel-page">
      <PageHead title={t('content.channel.title')} subtitle={t('content.channel.subtitle')} />
      <form className="ct-form" onSubmit={(e) => void submit(e)} noValidate>
        <label htmlFor="channel-value">{t('content.channel.label')}</label>
        <div className="ct-row">
          <input
            id="channel-value"
            value={state.value}
            maxLength={200}
            placeholder={t('content.channel.placeholder')}
            aria-invalid={error ? true : undefined}
            onChange={(e) => dispatch({ type: 'value', value: e.target.value })}
          />
          <button type="submit" className="btn btn-primary" disabled={state.busy}>
            {t('content.channel.verify')}
          </button>
        </div>
        {error && (
          <span className="ct-field-error" role="alert">
            {error}
          </span>
        )}
      </form>
      {verdict && (
        <div className={`ct-verdict ${verdict.official ? 'yes' : 'no'}`} role="status" data-testid="channel-verdict">
          {verdict.official
            ? t('content.channel.official', { value: verdict.value })
            : t('content.channel.notOfficial', { value: verdict.value })}
        </div>
      )}
      <h2>{t('content.channel.list')}</h2>
      <Loaded state={list.state}>
        {(data) => (
          <table className="ct-table" data-testid="channel-list">
            <tbody>
              {data.channels.map((c) => (
                <tr key={`${c.kind}:${c.display}`}>
                  <td>{t(`content.channel.kinds.${c.kind as Kind}`)}</td>
                  <td>{c.display}</td>
                  <td className="muted">{t(`content.channel.regions.${c.region as Region}`)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Loaded>
    </div>
  );
}
