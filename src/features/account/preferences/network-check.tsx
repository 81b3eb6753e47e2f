import { useState } from 'react';
import type { ProbeResult } from '../../../../common/contracts/network.ts';
import { runDiagnostic } from '../../../api/diagnostic.ts';
import { useTranslation } from '../../../i18n/use-translation.ts';

/**
 * The network diagnostic of spec shell §9 on screen: probes this site and its mirrors (5 s each), lists what answered
 * and how fast, and says whether the report reached the exchange.
 */
export function NetworkCheck() {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ results: ProbeResult[]; reported: boolean } | null>(null);
  const run = async () => {
    setBusy(true);
    try {
      setOutcome(await runDiagnostic(location.origin, navigator.onLine));
    } finally {
      setBusy(false);
    }
  };
  const key = 'account.security.preferences.network';
  return (
    <section className="acc-network" aria-labelledby="acc-network-title" data-testid="network-check">
      <h2 id="acc-network-title" className="acc-subtitle">
        {t(`${key}.title`)}
      </h2>
      <button type="button" className="btn" disabled={busy} onClick={() => void run()}>
        {busy ? t(`${key}.running`) : t(`${key}.run`)}
      </button>
      {outcome ? (
        <ul className="acc-network-results" aria-live="polite">
          {outcome.results.map((r) => (
            <li key={r.host} className={r.ok ? 'acc-network-ok' : 'acc-network-bad'}>
              <span>{r.host === location.origin ? t(`${key}.own`) : r.host}</span>
              <span>{r.ok ? t(`${key}.ok`, { ms: r.ms }) : t(`${key}.${r.failure ?? 'network'}`)}</span>
            </li>
          ))}
          <li className="acc-muted">{outcome.reported ? t(`${key}.reported`) : t(`${key}.notReported`)}</li>
        </ul>
      ) : null}
    </section>
  );
}
