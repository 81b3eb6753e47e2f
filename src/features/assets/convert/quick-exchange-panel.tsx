/** Placeholder until the moves helper lands it (issue 9): the quick-exchange dialog. */
export function QuickExchangePanel(_props: { onClose: () => void }) {
  return null;
}
