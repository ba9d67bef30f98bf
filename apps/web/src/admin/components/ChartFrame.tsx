import type { ReactNode } from 'react';
import { useId } from 'react';

/** The size every dashboard chart is drawn at (viewBox units; the SVG scales to its column). */
export const CHART_WIDTH = 320;
export const CHART_HEIGHT = 150;

export interface ChartPadding {
  left: number;
  right: number;
  top: number;
  bottom: number;
}

interface ChartFrameProps {
  title: string;
  /** The chart in words: shown under it and read as the image's description. */
  summary: string;
  /** A modifier class of the figure (e.g. 'progress-chart'). */
  variant?: string;
  pad: ChartPadding;
  /** The value at the top of the axis, and where a value sits vertically. */
  top: number;
  y: (value: number) => number;
  /** What the chart draws inside the SVG, over the axis. */
  children: ReactNode;
  /** What follows the summary (a data table). */
  after: ReactNode;
}

/**
 * The frame of the dashboard's charts (no chart library): a figure titled by its caption, an SVG
 * image named by the title and the summary, a value axis from 0 to `top`, the summary under it.
 */
export function ChartFrame({ title, summary, variant, pad, top, y, children, after }: ChartFrameProps) {
  const titleId = useId();
  const summaryId = useId();
  return (
    <figure className={variant ? `coverage-chart ${variant}` : 'coverage-chart'}>
      <figcaption id={titleId} className="coverage-chart__title">
        {title}
      </figcaption>
      <svg
        className="coverage-chart__svg"
        viewBox={`0 0 ${CHART_WIDTH} ${CHART_HEIGHT}`}
        role="img"
        aria-labelledby={`${titleId} ${summaryId}`}
        preserveAspectRatio="xMidYMid meet"
      >
        <line
          className="coverage-chart__axis"
          x1={pad.left}
          x2={CHART_WIDTH - pad.right}
          y1={y(0)}
          y2={y(0)}
        />
        <text className="coverage-chart__tick" x={pad.left - 4} y={y(top) + 4} textAnchor="end">
          {top}
        </text>
        <text className="coverage-chart__tick" x={pad.left - 4} y={y(0)} textAnchor="end">
          0
        </text>
        {children}
      </svg>
      <p id={summaryId} className="coverage-chart__summary">
        {summary}
      </p>
      {after}
    </figure>
  );
}
