/** The output of every benchmark (DESIGN §7): a human table, or with `--json` one JSON object per line. */
export interface Row {
  bench: string;
  metric: string;
  value: number;
  unit: string;
  impl: string;
  [extra: string]: string | number;
}

export function report(rows: readonly Row[], json = process.argv.includes('--json')): void {
  if (json) {
    for (const row of rows) process.stdout.write(`${JSON.stringify(row)}\n`);
    return;
  }
  const header = ['impl', 'metric', 'value', 'unit'];
  const extras = [...new Set(rows.flatMap((r) => Object.keys(r)).filter((k) => ![...header, 'bench'].includes(k)))];
  const table = [
    [...header, ...extras],
    ...rows.map((r) => [r.impl, r.metric, format(r.value), r.unit, ...extras.map((k) => String(r[k] ?? ''))]),
  ];
  const widths = (table[0] as string[]).map((_, i) => Math.max(...table.map((line) => (line[i] ?? '').length)));
  process.stdout.write(`\n${rows[0]?.bench ?? ''}\n`);
  for (const line of table)
    process.stdout.write(`  ${line.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join('  ')}\n`);
}

function format(value: number): string {
  if (Math.abs(value) >= 1000) return Math.round(value).toLocaleString('en-US');
  return value.toPrecision(3);
}

/** A flag's value: `--orders 100000`. */
export function option(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  const value = i >= 0 ? Number(process.argv[i + 1]) : fallback;
  if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name} needs a positive number`);
  return value;
}

/** A flag's text: `--client fetch`; null without the flag. */
export function flag(name: string): string | null {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? String(process.argv[i + 1]) : null;
}

/** Seconds `run` takes, by the monotonic clock. */
export function seconds(run: () => void): number {
  const start = process.hrtime.bigint();
  run();
  return Number(process.hrtime.bigint() - start) / 1e9;
}

/** The median: what the benches report, as one slow pass on a shared machine moves it least. */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}
