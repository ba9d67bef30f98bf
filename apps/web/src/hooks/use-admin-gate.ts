import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAdminSessionStore } from '../stores/admin-session.store';

export type AdminGateStatus = 'checking' | 'ok' | 'error';

export interface AdminGate {
  status: AdminGateStatus;
  /** Why the check failed, when `status` is 'error' (rate limit, network). */
  error: string;
  retry: () => void;
}

/**
 * The admin pages' guard (product spec §6): checks the saved password with `POST /admin/auth`
 * and goes to /admin/login on a 401 or without a saved password. A password that already passed
 * during this page load lets the page show at once while the check runs again.
 */
export function useAdminGate(): AdminGate {
  const navigate = useNavigate();
  const check = useAdminSessionStore((state) => state.check);
  const [state, setState] = useState<{ status: AdminGateStatus; error: string }>(() => ({
    status: useAdminSessionStore.getState().verified ? 'ok' : 'checking',
    error: '',
  }));
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let active = true;
    void check().then((outcome) => {
      if (!active) return;
      if (outcome.kind === 'unauthorized') void navigate('/admin/login', { replace: true });
      else if (outcome.kind === 'ok') setState({ status: 'ok', error: '' });
      // A page already shown stays: a blip of the network is no reason to hide it.
      else
        setState((previous) =>
          previous.status === 'ok' ? previous : { status: 'error', error: outcome.error },
        );
    });
    return () => {
      active = false;
    };
  }, [check, navigate, attempt]);

  const retry = useCallback(() => {
    setState({ status: 'checking', error: '' });
    setAttempt((n) => n + 1);
  }, []);

  return { ...state, retry };
}
