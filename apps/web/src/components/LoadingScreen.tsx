interface LoadingProps {
  /** What loads, for screen readers. */
  label?: string;
  /**
   * In the place of a part of the page still on its way, which leaves the rest usable (the header's
   * Back and Logout, Next Project); otherwise over the whole screen, for a page with nothing yet.
   */
  inPlace?: boolean;
}

/** A spinner announced to screen readers: for route loading, long requests and parts still loading. */
export function LoadingScreen({ label = 'Loading', inPlace = false }: LoadingProps) {
  return (
    <div className={inPlace ? 'loading-in-place' : 'loading-screen'} role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </div>
  );
}
