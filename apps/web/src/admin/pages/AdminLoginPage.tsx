import type { FormEvent } from 'react';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { getAdminSession } from '../../auth/cookies';
import { TextField } from '../../components/FormFields';
import { InsecureConnectionNotice } from '../../components/InsecureConnectionNotice';
import { LoadingScreen } from '../../components/LoadingScreen';
import { Page } from '../../components/Page';
import { useAdminSessionStore } from '../stores/session.store';

/**
 * `/admin/login`: an organizer signs in with the admin password, which the store exchanges for a
 * session (product spec §2, §5; R70b). A saved session that still works skips the form.
 */
export function AdminLoginPage() {
  const navigate = useNavigate();
  const check = useAdminSessionStore((state) => state.check);
  const login = useAdminSessionStore((state) => state.login);
  const [checkingSaved, setCheckingSaved] = useState(() => getAdminSession() !== null);
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const [submitting, setSubmitting] = useState(false);

  useEffect(() => {
    if (getAdminSession() === null) return;
    let active = true;
    void check().then((outcome) => {
      if (!active) return;
      if (outcome.kind === 'ok') void navigate('/admin', { replace: true });
      else setCheckingSaved(false);
    });
    return () => {
      active = false;
    };
  }, [check, navigate]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return; // Enter pressed twice
    setSubmitting(true);
    const outcome = await login(password);
    if (outcome.ok) {
      void navigate('/admin');
      return;
    }
    setSubmitting(false);
    setError(outcome.error);
  };

  return (
    <Page heading="Admin Login" admin>
      <InsecureConnectionNotice />
      {checkingSaved ? (
        <LoadingScreen label="Checking the saved admin session" />
      ) : (
        <form className="card login-card stack" onSubmit={submit} noValidate>
          {/* Lets password managers file the password under the fixed user name (API.md 2.2). */}
          <input type="text" name="username" autoComplete="username" value="admin" readOnly hidden />
          <TextField
            label="Enter the admin password"
            type="password"
            name="password"
            autoComplete="current-password"
            placeholder="Admin password..."
            value={password}
            error={error}
            onChange={(event) => {
              setPassword(event.target.value);
              setError('');
            }}
          />
          <button type="submit" className="btn btn--primary btn--block" disabled={submitting}>
            {submitting ? 'Logging In...' : 'Log In'}
          </button>
        </form>
      )}
    </Page>
  );
}
