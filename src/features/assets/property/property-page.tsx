import { useLocation } from 'wouter';
import { NotFound } from '../../shell/not-found.tsx';
import { FinancingPage } from './financing-page.tsx';
import { propertyViewOf } from './model.ts';
import { PropertyOverview } from './overview.tsx';
import { WalletPage } from './wallet-page.tsx';

/**
 * `/property`, `/property/{funds|spot|contract|follow}` and `/property/financing/{current|fixed}` (spec shell §2):
 * the assets overview, one wallet, or the earn wallet. Any other path under /property is not found.
 */
export function PropertyPage() {
  const [pathname] = useLocation();
  const view = propertyViewOf(pathname);
  if (!view) return <NotFound />;
  if (view.kind === 'overview') return <PropertyOverview />;
  if (view.kind === 'wallet') return <WalletPage key={view.wallet} wallet={view.wallet} />;
  return <FinancingPage kind={view.financing} />;
}
