import { withNotFromServerHint } from '../../api/client';
import { useExpoProjects } from '../hooks/use-expo-data';

/** The expo before its first data: a loading line, or the failure with a retry. */
export function ExpoLoadStatus() {
  const { status, error, retry } = useExpoProjects();
  if (status === 'error') {
    return (
      <div className="expo-message" role="alert">
        <p>{withNotFromServerHint(`Could not load the projects: ${error}`, error)}</p>
        <button type="button" className="btn btn--secondary" onClick={retry}>
          Try again
        </button>
      </div>
    );
  }
  return (
    <p className="expo-message expo-message--loading" role="status">
      <span className="spinner expo-message__spinner" aria-hidden="true" />
      Loading projects…
    </p>
  );
}

/** What an empty list means: nothing imported yet, or nothing in this challenge. */
export function ExpoEmpty({ challenge }: { challenge: string | null }) {
  return (
    <p className="expo-message">
      {challenge === null ? 'No projects yet. Check back soon!' : `No projects in ${challenge} yet.`}
    </p>
  );
}
