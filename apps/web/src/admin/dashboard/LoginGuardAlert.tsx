import { useState } from 'react';
import { endpoints, type LoginGuardAction, type LoginGuardStatus } from '@podium/protocol';
import { useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../api/client';
import { endpointKey } from '../../queries/query-client';
import { useLoginGuard } from './dashboard-queries';

/** "Judge logins by code limited: 312 failed attempts from 240 addresses in the last minute". */
export function guardText({ failures_last_minute, addresses_last_minute }: LoginGuardStatus): string {
  const addresses = addresses_last_minute === 1 ? '1 address' : `${addresses_last_minute} addresses`;
  return `Judge logins by code limited: ${failures_last_minute} failed attempts from ${addresses} in the last minute`;
}

const BLOCKED_TEXT = 'Judge logins by code are blocked: only the emailed or printed login links work.';
const LINKS_TEXT = 'Judges who open their emailed login link still log in.';

/** The buttons, each an action of `POST /admin/login-guard`, and when each is offered. */
const ACTIONS: { action: LoginGuardAction; label: string; shown: (status: LoginGuardStatus) => boolean }[] = [
  { action: 'end', label: 'End', shown: (status) => status.active },
  { action: 'block', label: 'Block code logins', shown: (status) => !status.blocked },
  { action: 'unblock', label: 'Allow code logins', shown: (status) => status.blocked },
];

/**
 * The live alert of the judge-login guard (R70c, docs/operations.md §9): shown while the server
 * limits logins by code because of guessing from many addresses, or while the organizer blocks
 * them, with buttons to end the guard and to block or allow code logins. The state is a dashboard
 * query: read as the dashboard opens and after every reconnect, and replaced by each `login.guard`
 * event in between (use-dashboard-live.ts) and by each action's answer.
 */
export function LoginGuardAlert() {
  const status = useLoginGuard();
  const client = useQueryClient();
  const [pending, setPending] = useState<LoginGuardAction | null>(null);
  const [failure, setFailure] = useState('');

  const act = async (action: LoginGuardAction) => {
    setPending(action);
    const result = await callApi(endpoints.loginGuardAction, { body: { action } });
    setPending(null);
    setFailure(result.data ? '' : result.error);
    if (result.data) client.setQueryData(endpointKey(endpoints.loginGuard), result.data);
  };

  if (!status?.active && !status?.blocked) return null;
  return (
    <section className="notice notice--error" role="alert" aria-label="Judge login guard">
      <div className="stack">
        {status.active && <p className="notice__text">{guardText(status)}</p>}
        {status.blocked && <p className="notice__text">{BLOCKED_TEXT}</p>}
        {!status.blocked && <p className="notice__text">{LINKS_TEXT}</p>}
        {failure && <p className="notice__text">{failure}</p>}
      </div>
      {ACTIONS.filter(({ shown }) => shown(status)).map(({ action, label }) => (
        <button
          key={action}
          type="button"
          className={action === 'block' ? 'btn btn--danger' : 'btn btn--secondary'}
          disabled={pending !== null}
          onClick={() => void act(action)}
        >
          {pending === action ? `${label}...` : label}
        </button>
      ))}
    </section>
  );
}
