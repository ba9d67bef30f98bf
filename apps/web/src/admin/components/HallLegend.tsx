/** The key of the organizer's floor map: each colour with the text cue that stands for it. */
const ITEMS = [
  { swatch: 'none', sample: '0/3', text: 'no views yet' },
  { swatch: 'low', sample: '1/3', text: 'fewer views than needed' },
  { swatch: 'done', sample: '✓3', text: 'enough views' },
  { swatch: 'dashed', sample: '!', text: 'absent or flagged (dashed)' },
  { swatch: 'judge', sample: '', text: 'a judge is there now (blue dot)' },
] as const;

export function HallLegend() {
  return (
    <ul className="hall-legend" aria-label="Map key">
      {ITEMS.map(({ swatch, sample, text }) => (
        <li key={swatch} className="hall-legend__item">
          <span className={`hall-legend__swatch hall-legend__swatch--${swatch}`} aria-hidden="true">
            {sample}
          </span>
          {text}
        </li>
      ))}
    </ul>
  );
}
