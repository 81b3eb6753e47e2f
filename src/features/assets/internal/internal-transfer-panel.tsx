/** Placeholder until the moves helper lands it (issue 9): the internal-transfer tab of /withdraw. */
export function InternalTransferPanel() {
  return null;
}
