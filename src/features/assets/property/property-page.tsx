/** Placeholder until the helper lands it (issue 9). */
export function PropertyPage() {
  return null;
}
