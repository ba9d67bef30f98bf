/**
 * The judge gate (product spec §4): /judge, /judge/live and /judge/project/:id need a valid
 * token and an accepted welcome. No token or a 401 goes to /judge/login (which checks and
 * removes a bad cookie); an unaccepted welcome goes to /judge/welcome.
 */
import { endpoints } from '@podium/protocol';
import { readThrough } from '../queries/query-client';
import { getJudgeToken } from '../auth/cookies';
import { useGate, type Gate, type GateOutcome } from './use-gate';

async function checkJudge(requireWelcome: boolean): Promise<GateOutcome> {
  if (!getJudgeToken()) return { leave: '/judge/login' };
  const result = await readThrough(endpoints.judgeWelcomeGet);
  if (result.status === 401) return { leave: '/judge/login' };
  if (!result.data) return { error: result.error };
  if (requireWelcome && result.data.ok !== 1) return { leave: '/judge/welcome' };
  return { ready: true };
}

const checkWithWelcome = () => checkJudge(true);
const checkWithoutWelcome = () => checkJudge(false);

export function useJudgeGate({ requireWelcome = true }: { requireWelcome?: boolean } = {}): Gate {
  return useGate(requireWelcome ? checkWithWelcome : checkWithoutWelcome);
}
