import { useState } from 'react';
import { endpoints, type LoginGuardStatus } from '@podium/protocol';
import { callApi } from '../../api/client';
import { useLoginGuard } from './dashboard-queries';

export const BLOCKED_MESSAGE =
  'Judge logins are now blocked for everyone. Judges already logged in keep judging. Turn logins back on under Settings, Judge Login, once the attack is over.';

/** "Judge logins suspended: 312 failed attempts from 240 addresses in the last minute". */
export function guardText({ failures_last_minute, addresses_last_minute }: LoginGuardStatus): string {
  const addresses = addresses_last_minute === 1 ? '1 address' : `${addresses_last_minute} addresses`;
  return `Judge logins suspended: ${failures_last_minute} failed attempts from ${addresses} in the last minute`;
}

/**
 * The live alert of the judge-login guard (R70c, docs/operations.md §9): shown while the server
 * refuses judge logins because of guessing from many addresses, with a one-click switch to block
 * judge logins altogether (R68). The state is a dashboard query: read as the dashboard opens and
 * after every reconnect, and replaced by each `login.guard` event in between (use-dashboard-live.ts).
 */
export function LoginGuardAlert() {
  const status = useLoginGuard();
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const [blocking, setBlocking] = useState(false);

  const block = async () => {
    setBlocking(true);
    const result = await callApi(endpoints.blockReqsSet, { body: { block_reqs: true } });
    setBlocking(false);
    setOutcome(result.data ? { ok: true, text: BLOCKED_MESSAGE } : { ok: false, text: result.error });
  };

  const blocked = outcome?.ok === true;
  if (!status?.active && !blocked) return null;
  return (
    <section className="notice notice--error" role="alert" aria-label="Judge login guard">
      <div className="stack">
        {status?.active && <p className="notice__text">{guardText(status)}</p>}
        {outcome && <p className="notice__text">{outcome.text}</p>}
      </div>
      {!blocked && (
        <button type="button" className="btn btn--danger" disabled={blocking} onClick={() => void block()}>
          {blocking ? 'Blocking...' : 'Block judge logins'}
        </button>
      )}
    </section>
  );
}
