/**
 * The judge gate (product spec §4): /judge, /judge/live and /judge/project/:id need a valid
 * token and an accepted welcome. No token or a 401 goes to /judge/login (which checks and
 * removes a bad cookie); an unaccepted welcome goes to /judge/welcome.
 */
import { endpoints } from '@podium/protocol';
import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { callApi } from '../api/client';
import { getJudgeToken } from '../auth/cookies';

export type JudgeGateStatus = 'checking' | 'ready' | 'error';

export interface JudgeGate {
  status: JudgeGateStatus;
  error: string;
  retry: () => void;
}

export function useJudgeGate({ requireWelcome = true }: { requireWelcome?: boolean } = {}): JudgeGate {
  const navigate = useNavigate();
  const [state, setState] = useState<{ status: JudgeGateStatus; error: string }>({
    status: 'checking',
    error: '',
  });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let cancelled = false;
    const leave = (to: string) => void navigate(to, { replace: true });
    if (!getJudgeToken()) {
      leave('/judge/login');
      return;
    }
    void callApi(endpoints.judgeWelcomeGet).then((result) => {
      if (cancelled) return;
      if (result.status === 401) return leave('/judge/login');
      if (!result.data) return setState({ status: 'error', error: result.error });
      if (requireWelcome && result.data.ok !== 1) return leave('/judge/welcome');
      setState({ status: 'ready', error: '' });
    });
    return () => {
      cancelled = true;
    };
  }, [navigate, requireWelcome, attempt]);

  const retry = useCallback(() => {
    setState({ status: 'checking', error: '' });
    setAttempt((n) => n + 1);
  }, []);

  return { ...state, retry };
}
