/** Placeholder until the helper lands it (issue 9). */
export function RechargePage() {
  return null;
}
