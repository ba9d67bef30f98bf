/**
 * The judge gate (product spec §4): /judge, /judge/live and /judge/project/:id need a valid
 * token and an accepted welcome. No token or a 401 goes to /judge/login (which checks and
 * removes a bad cookie); an unaccepted welcome goes to /judge/welcome. A welcome kept on the
 * phone lets the page show at once (and offline) while the server is asked again.
 */
import { endpoints } from '@podium/protocol';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { getJudgeToken } from '../../auth/cookies';
import type { Gate, GateOutcome } from '../../hooks/use-gate';
import { RequestFailed } from '../../queries/query-client';
import { endpointQuery } from '../../queries/use-endpoint-query';

export interface WelcomeCheck {
  hasToken: boolean;
  /** `GET /judge/welcome`'s answer (kept or fresh), if any. */
  welcome: { ok: number } | undefined;
  /** The status of the last failure (0: no answer), null while none failed. */
  failedStatus: number | null;
  error: string;
  /** The answer shown came during this page load, not kept from an earlier one. */
  fresh: boolean;
  requireWelcome: boolean;
}

/** What the gate decides now; null while it waits for the server. */
export function judgeGateOutcome(check: WelcomeCheck): GateOutcome | null {
  if (!check.hasToken || check.failedStatus === 401) return { leave: '/judge/login' };
  if (check.welcome) {
    if (!check.requireWelcome || check.welcome.ok === 1) return { ready: true };
    // Not accepted yet, as far as the phone knows: the server decides (accepted elsewhere?).
    if (check.fresh || check.failedStatus !== null) return { leave: '/judge/welcome' };
    return null;
  }
  return check.failedStatus !== null ? { error: check.error } : null;
}

export function useJudgeGate({ requireWelcome = true }: { requireWelcome?: boolean } = {}): Gate {
  const navigate = useNavigate();
  const hasToken = Boolean(getJudgeToken());
  const query = useQuery({ ...endpointQuery(endpoints.judgeWelcomeGet), enabled: hasToken });
  const failure = query.error instanceof RequestFailed ? query.error.result : null;
  const outcome = judgeGateOutcome({
    hasToken,
    welcome: query.data,
    failedStatus: query.isError ? (failure?.status ?? 0) : null,
    error: query.isError ? (failure?.error ?? String(query.error)) : '',
    fresh: query.dataUpdatedAt > performance.timeOrigin,
    requireWelcome,
  });
  const leave = outcome && 'leave' in outcome ? outcome.leave : null;
  useEffect(() => {
    if (leave) void navigate(leave, { replace: true });
  }, [leave, navigate]);

  return {
    status: outcome && 'ready' in outcome ? 'ready' : outcome && 'error' in outcome ? 'error' : 'checking',
    error: outcome && 'error' in outcome ? outcome.error : '',
    retry: () => void query.refetch(),
  };
}
