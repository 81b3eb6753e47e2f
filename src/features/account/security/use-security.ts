import { useCallback, useEffect, useState } from 'react';
import { isSuccess } from '../../../api/request.ts';
import { loadSecurity, type SecuritySetting } from '../api.ts';

/** User settings (spec shell §3): verifyList and factor states; `reload` after a change. */
export function useSecurity(): { security: SecuritySetting | null; reload: () => void } {
  const [security, setSecurity] = useState<SecuritySetting | null>(null);
  const [run, setRun] = useState(0);
  const reload = useCallback(() => setRun((n) => n + 1), []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `run` is the reload trigger.
  useEffect(() => {
    let live = true;
    void loadSecurity().then((r) => {
      if (live && isSuccess(r.code) && r.data) setSecurity(r.data);
    });
    return () => {
      live = false;
    };
  }, [run]);
  return { security, reload };
}
