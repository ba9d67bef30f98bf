import type { ReactNode } from 'react';
import { LoadingScreen } from '../../components/LoadingScreen';
import { useAdminGate } from '../hooks/use-admin-gate';

/**
 * Shows `children` only to a logged-in admin (product spec §6); a 401 goes to /admin/login.
 * Put it inside the page's `Page`, around what needs the admin password, so the header stays.
 */
export function AdminGate({ children }: { children: ReactNode }) {
  const { status, error, retry } = useAdminGate();
  if (status === 'checking') return <LoadingScreen label="Checking the admin login" />;
  if (status === 'error') {
    return (
      <div className="card admin-gate-error" role="alert">
        <p>Could not check the admin login: {error}</p>
        <button type="button" className="btn btn--primary" onClick={retry}>
          Try again
        </button>
      </div>
    );
  }
  return children;
}
