/** `YYYY-MM-DD HH:mm` (with `:ss` when asked) in local time, or '--'. */
export function formatDateTime(ms: number | null | undefined, withSeconds = false): string {
  if (!ms) return '--';
  const d = new Date(ms);
  const p = (n: number) => String(n).padStart(2, '0');
  const date = `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}`;
  return `${date} ${p(d.getHours())}:${p(d.getMinutes())}${withSeconds ? `:${p(d.getSeconds())}` : ''}`;
}
