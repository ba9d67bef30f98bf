import { getAdminSession } from '../../auth/cookies';
import { useGate, type Gate, type GateOutcome } from '../../hooks/use-gate';
import { useAdminSessionStore } from '../stores/session.store';
import { useAdminSocketRefused, useLoginWhenSessionEnds } from './use-session-end';

async function checkAdmin(): Promise<GateOutcome> {
  const outcome = await useAdminSessionStore.getState().check();
  if (outcome.kind === 'unauthorized') return { leave: '/admin/login' };
  if (outcome.kind === 'ok') return { ready: true };
  return { error: outcome.error };
}

/**
 * The admin pages' guard (product spec §6): checks the saved password with `POST /admin/auth`
 * and goes to /admin/login on a 401 or without a saved password. A password that already passed
 * during this page load lets the page show at once while the check runs again, unless it was
 * forgotten since (logout): the page would show the answers kept from before. Once the page shows,
 * a session the server stops knowing sends the admin back to the login page on every admin page,
 * as soon as the admin socket is refused.
 */
export function useAdminGate(): Gate {
  const showAtOnce = useAdminSessionStore.getState().verified && getAdminSession() !== null;
  const gate = useGate(checkAdmin, showAtOnce);
  useLoginWhenSessionEnds(useAdminSocketRefused(gate.status === 'ready'));
  return gate;
}
