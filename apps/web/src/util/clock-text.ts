/**
 * Whole seconds as a clock reads them: `MM:SS`, or `M:SS` without the minutes' leading zero.
 * Minutes are not capped (a 2-hour timer reads 120:00). Callers round to whole seconds their
 * own way (a countdown up, a setting down, a measured length to the nearest).
 */
export function clockText(seconds: number, { padMinutes = true }: { padMinutes?: boolean } = {}): string {
  const whole = Math.max(0, seconds);
  const minutes = String(Math.floor(whole / 60));
  return `${padMinutes ? minutes.padStart(2, '0') : minutes}:${String(whole % 60).padStart(2, '0')}`;
}
