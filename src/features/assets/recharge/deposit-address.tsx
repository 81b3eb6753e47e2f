import { type FormEvent, useEffect, useState } from 'react';
import { isSuccess } from '../../../api/request.ts';
import { showToast } from '../../../api/toast.ts';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { useFormModel } from '../../../ui/form-store.ts';
import { NumberInput } from '../../../ui/number-input.tsx';
import { QrCode } from '../../../ui/qr-code.tsx';
import {
  type CoinInfo,
  createDepositAddress,
  type DepositAddress,
  type NetworkInfo,
  readDepositAddress,
  simulateDeposit,
} from '../common/api.ts';
import { CopyButton } from '../common/copy-button.tsx';
import { arrivalMinutes, memoKind } from '../common/model.ts';
import { initialSimulate, planSimulate, reduceSimulate } from './simulate-model.ts';

type AddressState = { status: 'loading' } | { status: 'error' } | { status: 'done'; address: DepositAddress };

/**
 * The deposit address of the chosen coin and network (spec shell §7 "/uc/address/read", "/uc/address/create"): read,
 * and made on first use; with its QR code, copy buttons, the memo or tag and its warning where the network needs one,
 * the minimum and the confirmations. In non-production mode, a deposit can be simulated to it.
 */
export function DepositAddressPanel(props: {
  coin: CoinInfo;
  network: NetworkInfo;
  simulator: boolean;
  onSimulated: () => void;
}) {
  const { t } = useTranslation();
  const { coin, network } = props;
  const [state, setState] = useState<AddressState>({ status: 'loading' });
  const [run, setRun] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `run` is the retry trigger.
  useEffect(() => {
    let live = true;
    setState({ status: 'loading' });
    void (async () => {
      const read = await readDepositAddress(coin.unit, network.protocol);
      if (!live) return;
      if (!isSuccess(read.code)) return setState({ status: 'error' });
      if (read.data) return setState({ status: 'done', address: read.data });
      // No address yet on this network: one is made for the user on first view.
      const made = await createDepositAddress(coin.unit, network.protocol);
      if (!live) return;
      setState(isSuccess(made.code) && made.data ? { status: 'done', address: made.data } : { status: 'error' });
    })();
    return () => {
      live = false;
    };
  }, [coin.unit, network.protocol, run]);

  const kind = memoKind(network.memoType);
  const memoLabel = t(`recharge.memo.${kind}`);
  const memoWord = t(`recharge.memoInSentence.${kind}`);
  return (
    <div className="ast-address" data-testid="deposit-address-panel">
      {state.status === 'loading' ? <p className="ast-muted">{t('recharge.loading')}</p> : null}
      {state.status === 'error' ? (
        <p className="ast-error" role="alert">
          {t('recharge.addressFailed')}{' '}
          <button type="button" className="ast-link" onClick={() => setRun((n) => n + 1)}>
            {t('recharge.retry')}
          </button>
        </p>
      ) : null}
      {state.status === 'done' ? (
        <>
          <div className="ast-address-body">
            <QrCode value={state.address.address} size={132} label={t('recharge.qrLabel')} />
            <div className="ast-address-text">
              <span className="ast-label">{t('recharge.depositAddress', { network: network.protocol })}</span>
              <div className="ast-value-row">
                <code className="ast-mono" data-testid="deposit-address">
                  {state.address.address}
                </code>
                <CopyButton value={state.address.address} label={t('recharge.copyAddress')} />
              </div>
              {network.needMemo ? (
                <>
                  <span className="ast-label">{memoLabel}</span>
                  <div className="ast-value-row">
                    <code className="ast-mono ast-memo" data-testid="deposit-memo">
                      {state.address.memo}
                    </code>
                    <CopyButton value={state.address.memo} label={t('recharge.copyMemo', { label: memoWord })} />
                  </div>
                </>
              ) : null}
            </div>
          </div>
          {network.needMemo ? (
            <p className="ast-warning" role="note" data-testid="memo-warning">
              {t('recharge.memoWarning', { label: memoWord })}
            </p>
          ) : null}
        </>
      ) : null}
      <dl className="ast-facts">
        <dt>{t('recharge.minDeposit')}</dt>
        <dd data-testid="deposit-min">
          {network.depositMin} {coin.unit}
        </dd>
        <dt>{t('recharge.confirmations')}</dt>
        <dd>{t('recharge.confirmationsValue', { n: network.confirmations })}</dd>
        <dt>{t('recharge.arrival')}</dt>
        <dd>{t('recharge.arrivalValue', { minutes: arrivalMinutes(network.arrivalSeconds) })}</dd>
      </dl>
      {props.simulator && state.status === 'done' ? (
        <SimulateDeposit coin={coin} network={network} address={state.address} onDone={props.onSimulated} />
      ) : null}
    </div>
  );
}

/** Non-production only: sends a deposit to the address on the simulated chain (it then gathers confirmations). */
function SimulateDeposit(props: { coin: CoinInfo; network: NetworkInfo; address: DepositAddress; onDone: () => void }) {
  const { t } = useTranslation();
  const { coin, network } = props;
  const { state, dispatch, current, set } = useFormModel(reduceSimulate, () => initialSimulate(network.depositMin));
  useEffect(() => dispatch({ type: 'network', depositMin: network.depositMin }), [dispatch, network.depositMin]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const plan = planSimulate(current(), coin.decimals);
    set(plan.state);
    if (plan.invalid) showToast('error', t('recharge.simulate.amountInvalid'));
    if (plan.send === null) return;
    const r = await simulateDeposit(props.address.address, props.address.memo, plan.send);
    dispatch({ type: 'done' });
    if (!isSuccess(r.code)) return;
    showToast('success', t('recharge.simulate.done'));
    props.onDone();
  };

  return (
    <form className="ast-simulate" onSubmit={(e) => void submit(e)} noValidate data-testid="simulate-deposit">
      <div>
        <strong>{t('recharge.simulate.title')}</strong>
        <p className="ast-muted ast-small">{t('recharge.simulate.hint', { coin: coin.unit })}</p>
      </div>
      <div className="ast-inline">
        <label className="ast-input-wrap">
          <span className="visually-hidden">{t('recharge.simulate.amount')}</span>
          <NumberInput
            className="ast-input"
            name="simulateAmount"
            decimals={coin.decimals}
            aria-label={t('recharge.simulate.amount')}
            value={state.amount}
            onValueChange={(text) => dispatch({ type: 'amount', text, decimals: coin.decimals })}
          />
          <span className="ast-suffix">{coin.unit}</span>
        </label>
        <button type="submit" className="btn btn-primary" disabled={state.busy}>
          {t('recharge.simulate.submit')}
        </button>
      </div>
    </form>
  );
}
