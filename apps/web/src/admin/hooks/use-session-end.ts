import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { withConnection } from '../../realtime/lazy-connection';
import { notify } from '../../stores/notice.store';

/** What the login page says when the server no longer knows the admin's session. */
const ADMIN_SESSION_ENDED_TEXT = 'Your admin session has ended. Please log in again.';

/**
 * Whether the server refused the admin socket's session (`unauthorized`, which is final: a
 * password changed on the server, a fresh data folder). Watched only while `watch` holds: a page
 * still checking its login, or without one, is sent to the login page by its gate.
 */
export function useAdminSocketRefused(watch: boolean): boolean {
  const [refused, setRefused] = useState(false);
  useEffect(() => {
    if (!watch) return;
    return withConnection(({ onCredentialsRefused }) =>
      onCredentialsRefused('admin', () => setRefused(true)),
    );
  }, [watch]);
  return refused;
}

/**
 * Once `ended`, sends the admin to /admin/login saying why, without waiting for a tap or the page's
 * next request. Every admin page's gate (`useAdminGate`) calls it with the socket's refusal; the
 * dashboard calls it with its reads' 401 too. The same notice twice shows once.
 */
export function useLoginWhenSessionEnds(ended: boolean): void {
  const navigate = useNavigate();
  useEffect(() => {
    if (!ended) return;
    notify.error(ADMIN_SESSION_ENDED_TEXT);
    void navigate('/admin/login', { replace: true });
  }, [ended, navigate]);
}
