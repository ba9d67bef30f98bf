import type { HistogramBin } from '../logic/histogram';
import { CHART_HEIGHT, CHART_WIDTH, ChartFrame } from './ChartFrame';

export interface CoverageTarget {
  /** Bars of this value and above have reached the target. */
  value: number;
  /** Short text beside the marker line, e.g. 'min 3'. */
  label: string;
}

export interface CoverageChartProps {
  title: string;
  bins: readonly HistogramBin[];
  /** Names a bar's value in the data table, e.g. 'Views'. */
  valueLabel: string;
  /** Names what a bar counts in the data table, e.g. 'Projects'. */
  itemsLabel: string;
  /** The target marker line (minimum views), drawn before the bar of its value. */
  target?: CoverageTarget;
  /** The chart in words: shown under it and read as the image's description. */
  summary: string;
}

const PAD = { left: 28, right: 6, top: 16, bottom: 22 };
const PLOT_W = CHART_WIDTH - PAD.left - PAD.right;
const PLOT_H = CHART_HEIGHT - PAD.top - PAD.bottom;

/**
 * A small bar chart of a histogram (no chart library): bars below the target in the warning
 * colour, the rest in the primary colour, a dashed line at the target. Accessible as an image
 * named by its title and summary, with the numbers in a table behind a disclosure.
 */
export function CoverageChart({ title, bins, valueLabel, itemsLabel, target, summary }: CoverageChartProps) {
  const top = Math.max(1, ...bins.map((bin) => bin.items));
  const step = PLOT_W / Math.max(1, bins.length);
  const gap = Math.min(4, step * 0.2);
  const labelEvery = Math.ceil(bins.length / 12); // keep axis labels from overlapping
  const y = (items: number) => PAD.top + PLOT_H - (items / top) * PLOT_H;
  const targetX = target ? PAD.left + Math.min(bins.length, target.value) * step : null;

  return (
    <ChartFrame
      title={title}
      summary={summary}
      pad={PAD}
      top={top}
      y={y}
      after={
        <details className="coverage-chart__data">
          <summary>Data table</summary>
          <table className="coverage-chart__table">
            <thead>
              <tr>
                <th scope="col">{valueLabel}</th>
                <th scope="col">{itemsLabel}</th>
              </tr>
            </thead>
            <tbody>
              {bins.map((bin) => (
                <tr key={bin.value}>
                  <td>{bin.label}</td>
                  <td>{bin.items}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </details>
      }
    >
      {bins.map((bin, i) => {
        const x = PAD.left + i * step + gap / 2;
        const reached = target ? bin.value >= target.value : true;
        return (
          <g key={bin.value}>
            {bin.items > 0 && (
              <>
                <rect
                  className={`coverage-chart__bar${reached ? '' : ' coverage-chart__bar--short'}`}
                  x={x}
                  y={y(bin.items)}
                  width={Math.max(1, step - gap)}
                  height={y(0) - y(bin.items)}
                />
                <text
                  className="coverage-chart__count"
                  x={x + (step - gap) / 2}
                  y={y(bin.items) - 3}
                  textAnchor="middle"
                >
                  {bin.items}
                </text>
              </>
            )}
            {i % labelEvery === 0 && (
              <text
                className="coverage-chart__tick"
                x={x + (step - gap) / 2}
                y={CHART_HEIGHT - 6}
                textAnchor="middle"
              >
                {bin.label}
              </text>
            )}
          </g>
        );
      })}
      {target && targetX !== null && (
        <g className="coverage-chart__target">
          <line x1={targetX} x2={targetX} y1={PAD.top - 4} y2={y(0)} />
          <text
            x={Math.min(targetX + 3, CHART_WIDTH - PAD.right)}
            y={PAD.top - 6}
            textAnchor={targetX > CHART_WIDTH - 60 ? 'end' : 'start'}
          >
            {target.label}
          </text>
        </g>
      )}
    </ChartFrame>
  );
}
