import type { Progress, ProgressScope } from '@podium/protocol';
import { SideScroll } from '../../components/SideScroll';
import { clockTime, doneBy, progressPlot, progressSummary } from '../logic/progress-chart';
import { CHART_HEIGHT, CHART_WIDTH, ChartFrame } from './ChartFrame';

const PAD = { left: 32, right: 10, top: 16, bottom: 22 };
const PLOT_W = CHART_WIDTH - PAD.left - PAD.right;
const PLOT_H = CHART_HEIGHT - PAD.top - PAD.bottom;

interface ScopeRow {
  key: string;
  name: string;
  scope: ProgressScope;
}

function scopeRows(progress: Progress): ScopeRow[] {
  return [
    { key: 'event', name: 'Whole event', scope: progress.event },
    ...progress.groups.map(({ group, name, ...scope }) => ({ key: `group-${group}`, name, scope })),
    ...progress.tracks.map(({ track, ...scope }) => ({
      key: `track-${track}`,
      name: `Track: ${track}`,
      scope,
    })),
  ];
}

/**
 * Views over time as a line (no chart library), with a dashed projection to the moment every
 * active project has its minimum views, and when each group and track gets there. Accessible as
 * an image named by its title and summary; the per-scope table is plain text.
 */
export function ProgressChart({ progress, track }: { progress: Progress; track: string }) {
  // With a track chosen, the goal and the projection are the track's, like the tiles beside it.
  const scope = (track !== '' && progress.tracks.find((t) => t.track === track)) || progress.event;
  const plot = progressPlot(progress, scope);
  const x = (time: number) =>
    PAD.left + ((time - plot.timeMin) / Math.max(1, plot.timeMax - plot.timeMin)) * PLOT_W;
  const y = (views: number) => PAD.top + PLOT_H - (views / plot.viewsMax) * PLOT_H;
  const path = plot.line.map((p, i) => `${i === 0 ? 'M' : 'L'}${x(p.time)},${y(p.views)}`).join(' ');

  return (
    <ChartFrame
      title="Views over time"
      summary={progressSummary(progress, undefined, scope)}
      variant="progress-chart"
      pad={PAD}
      top={plot.viewsMax}
      y={y}
      after={
        <>
          {/* Focusable: on a phone the table may scroll sideways, and keyboards must reach it. */}
          <SideScroll
            className="progress-chart__scopes-wrap"
            role="region"
            aria-label="Projection per scope"
            tabIndex={0}
          >
            <table className="coverage-chart__table progress-chart__scopes">
              <caption className="visually-hidden">Projection per scope</caption>
              <thead>
                {/* Short words: four columns share a third of a laptop's width (two lines at most). */}
                <tr>
                  <th scope="col">Scope</th>
                  <th scope="col">At minimum</th>
                  <th scope="col">Views to go</th>
                  <th scope="col">All seen</th>
                </tr>
              </thead>
              <tbody>
                {scopeRows(progress).map(({ key, name, scope }) => (
                  <tr key={key}>
                    <th scope="row">{name}</th>
                    <td>
                      {scope.reached} of {scope.projects}
                    </td>
                    <td>{scope.remaining}</td>
                    <td>{doneBy(scope, progress)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </SideScroll>
        </>
      }
    >
      <g className="coverage-chart__target">
        <line x1={PAD.left} x2={CHART_WIDTH - PAD.right} y1={y(plot.goal)} y2={y(plot.goal)} />
        <text x={PAD.left + 3} y={y(plot.goal) - 3}>
          goal {plot.goal}
        </text>
      </g>
      {path && <path className="progress-chart__line" d={path} />}
      {plot.projection && (
        <line
          className="progress-chart__projection"
          x1={x(plot.projection[0].time)}
          y1={y(plot.projection[0].views)}
          x2={x(plot.projection[1].time)}
          y2={y(plot.projection[1].views)}
        />
      )}
      <text className="coverage-chart__tick" x={PAD.left} y={CHART_HEIGHT - 6} textAnchor="start">
        {clockTime(plot.timeMin)}
      </text>
      <text
        className="coverage-chart__tick"
        x={CHART_WIDTH - PAD.right}
        y={CHART_HEIGHT - 6}
        textAnchor="end"
      >
        {clockTime(plot.timeMax)}
      </text>
    </ChartFrame>
  );
}
