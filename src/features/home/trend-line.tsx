import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { trendColour, trendColumns } from './rules.ts';

const WIDTH = 110;
const HEIGHT = 36;

/** The colour of the theme's up or down variable (the user's red/green preference is applied there). */
function cssColour(direction: 'up' | 'down'): string {
  const value = getComputedStyle(document.documentElement).getPropertyValue(`--${direction}`).trim();
  return value || (direction === 'up' ? '#0ecb81' : '#f6465d');
}

/**
 * A row's trend (spec shell §9): daily closes sorted by time drawn by uPlot, green when chg is above 0, else red.
 * Axes, cursor and legend are off: it is a sparkline.
 */
export function TrendLine(props: {
  quotes: readonly { time: number; closePrice: number | string }[];
  chg: number;
  label: string;
}) {
  const { quotes, chg, label } = props;
  const host = useRef<HTMLDivElement>(null);
  const direction = trendColour(chg);
  const columns = trendColumns(quotes);
  const key = JSON.stringify(columns);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the key stands for the columns.
  useEffect(() => {
    const element = host.current;
    if (!element || columns[0].length < 2) return;
    const plot = new uPlot(
      {
        width: WIDTH,
        height: HEIGHT,
        pxAlign: false,
        cursor: { show: false },
        legend: { show: false },
        select: { show: false, left: 0, top: 0, width: 0, height: 0 },
        scales: { x: { time: false } },
        axes: [{ show: false }, { show: false }],
        series: [{}, { stroke: cssColour(direction), width: 1.5, points: { show: false } }],
      },
      columns,
      element,
    );
    return () => plot.destroy();
  }, [key, direction]);

  return (
    <div
      ref={host}
      className="home-trend"
      role="img"
      aria-label={label}
      data-trend={direction}
      data-points={columns[0].length}
      style={{ width: WIDTH, height: HEIGHT }}
    />
  );
}
