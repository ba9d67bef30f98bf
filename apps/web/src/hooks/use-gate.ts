/**
 * The mechanism of the portals' guards (product spec §4, §6): run a check when the page opens,
 * then show the page, leave for another route, or offer to try again.
 */
import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';

export type GateStatus = 'checking' | 'ready' | 'error';

/** What a check decides. */
export type GateOutcome = { ready: true } | { leave: string } | { error: string };

export interface Gate {
  status: GateStatus;
  /** Why the check failed, when `status` is 'error' (rate limit, network). */
  error: string;
  retry: () => void;
}

/**
 * `check` must be stable (module-level or memoised). `readyAtOnce` shows the page while the check
 * runs (a credential that already passed during this page load); a failed check then keeps the
 * page, since a blip of the network is no reason to hide it.
 */
export function useGate(check: () => Promise<GateOutcome>, readyAtOnce = false): Gate {
  const navigate = useNavigate();
  const [state, setState] = useState<{ status: GateStatus; error: string }>(() => ({
    status: readyAtOnce ? 'ready' : 'checking',
    error: '',
  }));
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let active = true;
    void check().then((outcome) => {
      if (!active) return;
      if ('leave' in outcome) void navigate(outcome.leave, { replace: true });
      else if ('ready' in outcome) setState({ status: 'ready', error: '' });
      else
        setState((previous) =>
          previous.status === 'ready' ? previous : { status: 'error', error: outcome.error },
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
