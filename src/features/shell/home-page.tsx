import { useShell } from '../../app/shell-state.tsx';
import { MarketList } from '../markets/market-list.tsx';

/** Home (`/`) until the home issue lands: the spot market list with the live order-book preview. */
export function HomePage() {
  const { lang } = useShell();
  return (
    <div className="page-container">
      <MarketList lang={lang} />
    </div>
  );
}
