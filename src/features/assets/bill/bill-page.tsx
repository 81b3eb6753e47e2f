/** Placeholder until the helper lands it (issue 9). */
export function BillPage() {
  return null;
}
