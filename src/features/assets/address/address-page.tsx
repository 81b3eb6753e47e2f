/** Placeholder until the helper lands it (issue 9). */
export function AddressPage() {
  return null;
}
