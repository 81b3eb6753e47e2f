import { Dropdown } from '../../ui/dropdown.tsx';
import { ChevronDownIcon } from '../../ui/icons.tsx';
import { SpotMarketPanel } from './spot-market-panel.tsx';

/**
 * The header's spot trade menu (spec shell §2 "/trade (hovering shows a spot market panel; clicking a market opens
 * /trade/{symbol}-{unit})"): hover or the keyboard opens the panel; its title leads to /trade itself.
 */
export function TradeMenu({ label, active }: { label: string; active: boolean }) {
  return (
    <Dropdown
      className="trade-menu"
      label={label}
      active={active}
      trigger={
        <>
          {label} <ChevronDownIcon />
        </>
      }
    >
      {(close) => <SpotMarketPanel onChoose={close} />}
    </Dropdown>
  );
}
