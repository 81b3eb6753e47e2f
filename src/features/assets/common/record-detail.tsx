import type { ReactNode } from 'react';
import type { TFunction } from '../../../i18n/i18n.ts';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { Dialog, DialogHeader } from '../../../ui/dialog.tsx';
import { CopyButton } from './copy-button.tsx';

/** One line of a record: its label, its value and the value's class; null leaves it out. */
export type Fact = readonly [label: string, value: ReactNode, className?: string] | null;

/** A deposit's or a withdrawal's details in a dialog: a list of labelled facts. */
export function RecordDetail(props: { title: string; testId: string; onClose: () => void; facts: readonly Fact[] }) {
  const { t } = useTranslation();
  return (
    <Dialog className="ast-dialog" onClose={props.onClose} testId={props.testId}>
      <DialogHeader title={props.title} closeLabel={t('recharge.close')} />
      <dl className="ast-facts ast-detail">
        {props.facts.map((fact) =>
          fact ? (
            <FactRow key={fact[0]} label={fact[0]} className={fact[2]}>
              {fact[1]}
            </FactRow>
          ) : null,
        )}
      </dl>
    </Dialog>
  );
}

function FactRow(props: { label: string; className?: string | undefined; children: ReactNode }) {
  return (
    <>
      <dt>{props.label}</dt>
      <dd className={props.className}>{props.children}</dd>
    </>
  );
}

/** The facts every on-chain record has: where it went (with its memo or tag) and its transaction, copyable. */
export function chainFacts(t: TFunction, record: { address: string; memo: string; txHash: string | null }): Fact[] {
  const { address, memo, txHash } = record;
  return [
    [t('recharge.history.address'), address, 'ast-mono ast-break'],
    memo ? [t('recharge.memo.either'), memo, 'ast-mono'] : null,
    [
      t('recharge.history.txHash'),
      txHash ? (
        <>
          {txHash} <CopyButton value={txHash} />
        </>
      ) : (
        '--'
      ),
      'ast-mono ast-break',
    ],
  ];
}
