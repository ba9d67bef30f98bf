export const DELIBERATION_TEXT = 'Deliberation has started. You cannot change rankings or stars.';

/** Shown on the dashboard and the project page while deliberation is on (rank and star are locked). */
export function DeliberationBanner() {
  return (
    <p className="page-warning judge-deliberation" role="status">
      {DELIBERATION_TEXT}
    </p>
  );
}
