import { endpoints, TEAM_CODE_INVALID, type TeamStatus } from '@podium/protocol';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useParams } from 'react-router-dom';
import { callApi, withNotFromServerHint } from '../../api/client';
import { Page } from '../../components/Page';
import { useEndpointQuery } from '../../queries/use-endpoint-query';
import { invalidate, useQueryInvalidation } from '../../realtime/use-query-invalidation';
import { loadedConnection, withConnection } from '../../realtime/lazy-connection';
import { setTeamCode } from '../../realtime/team-code';

/**
 * Realtime brings every change at once (`team.changed`); the minute's poll moves the estimate on,
 * bounds how stale the page gets while its socket is down, and is all a "not valid" page asks.
 */
const POLL_MS = 60_000;

/** A time of day in the phone's own clock, e.g. "14:05". */
const clockTime = (epochMs: number) =>
  new Date(epochMs).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });

/**
 * `/team/:code` (issue 24): what a team at its table needs to know, live, on a phone: its views
 * against the minimum, whether a judge is coming, when it should be done, whether it may leave,
 * a way to tell the organizers nobody came, and the judges' feedback once the organizer released it
 * (issue 35). Never scores, ranks or judges' names.
 */
export function TeamStatusPage() {
  const code = useParams().code ?? '';
  setTeamCode(code);
  // A definite "not valid" (the 404, or the socket's refusal) closes the socket and ends its
  // retries: a stale page behind a venue's address must not keep counting as wrong codes (issue 31
  // item 5). The minute's poll goes on, one read a minute, so the page comes back by itself when
  // the link works again (an undone "absent" skip or an unhide shows the project again).
  const [refused, setRefused] = useState(false);
  const status = useEndpointQuery(endpoints.teamStatus, { params: { code }, refetchInterval: POLL_MS });
  const notValid = refused || status.error === TEAM_CODE_INVALID;
  useEffect(() => {
    if (notValid) loadedConnection()?.disconnect('team');
  }, [notValid]);
  // A refused handshake is checked over HTTP at once: its 404 keeps the page "not valid" until a
  // read succeeds; a success (valid again meanwhile) opens a new socket.
  const { refetch } = status;
  const onRefused = useCallback(() => {
    setRefused(true);
    void refetch().finally(() => setRefused(false));
  }, [refetch]);

  if (notValid) return <InvalidLink />;
  return (
    <>
      {/* Only for a code the server answered: a link that was never valid opens no socket at all. */}
      {status.data !== undefined && <TeamRealtime onRefused={onRefused} />}
      {status.data === undefined ? (
        <Page heading="Your team's status">
          {status.error ? (
            <p className="card" role="alert">
              {withNotFromServerHint(
                `Could not load your status: ${status.error}. Trying again shortly.`,
                status.error,
              )}
            </p>
          ) : (
            <span className="spinner" role="status" aria-label="Loading your status" />
          )}
        </Page>
      ) : (
        <TeamStatusView code={code} status={status.data} />
      )}
    </>
  );
}

/** The team's socket while its code is valid: `team.changed` refetches; a refusal closes it. */
function TeamRealtime({ onRefused }: { onRefused: () => void }) {
  useQueryInvalidation('team', { 'team.changed': [endpoints.teamStatus] });
  const latest = useRef(onRefused);
  latest.current = onRefused;
  useEffect(
    () => withConnection(({ onCredentialsRefused }) => onCredentialsRefused('team', () => latest.current())),
    [],
  );
  return null;
}

function InvalidLink() {
  return (
    <Page heading="This team link is not valid">
      <section className="card team-status">
        <p className="page__lead">
          The link may be from an old table card, or your project is not in judging right now.
        </p>
        <p>Please ask an organizer for help. This page checks again every minute.</p>
      </section>
    </Page>
  );
}

function TeamStatusView({ code, status }: { code: string; status: TeamStatus }) {
  const { views, min_views: minViews } = status;
  const reached = views >= minViews;
  return (
    <Page heading={status.project_name} title="Your team's status">
      <p className="page__lead team-status__table">Table {status.table}</p>
      <div className="team-status" aria-live="polite">
        <section className="card team-status__views" aria-labelledby="team-views">
          <h2 id="team-views" className="team-status__count">
            {views} of {minViews} {minViews === 1 ? 'view' : 'views'}
          </h2>
          <div className="team-status__bar" aria-hidden="true">
            <span style={{ width: `${Math.min(100, (views / Math.max(1, minViews)) * 100)}%` }} />
          </div>
          <p>{viewsLine(status)}</p>
        </section>
        {status.judge_on_the_way && !status.may_leave && (
          <p className="card team-status__coming">A judge is on the way</p>
        )}
        {status.may_leave ? (
          <p className="card team-status__done">You&rsquo;re done: you may leave</p>
        ) : (
          reached && (
            <p className="card">
              You have your judges&rsquo; visits. Please stay at your table until the organizers say you may
              leave.
            </p>
          )
        )}
      </div>
      {status.feedback.length > 0 && <TeamFeedback texts={status.feedback} />}
      {/* Nothing to raise while a judge comes to the table. */}
      {!reached && !status.judge_on_the_way && <AlertButton code={code} status={status} />}
    </Page>
  );
}

/**
 * What the judges wrote for the team, oldest first, without their names; the server sends none
 * before the organizer releases it, so the section is simply absent until then.
 */
function TeamFeedback({ texts }: { texts: readonly string[] }) {
  return (
    <section className="card team-status__feedback" aria-labelledby="team-feedback">
      <h2 id="team-feedback">Feedback from the judges</h2>
      <ul className="team-status__feedback-list">
        {/* Texts may repeat and never move: their place is their identity. */}
        {texts.map((text, index) => (
          <li key={index}>{text}</li>
        ))}
      </ul>
    </section>
  );
}

function viewsLine(status: TeamStatus): string {
  if (status.views >= status.min_views) return 'Your project has had the judges’ visits it needs.';
  if (!status.judging) return 'Judging is not running right now.';
  if (status.estimate === null) return 'Judges will come by; there is no estimate yet.';
  const minutes = Math.max(1, Math.round((status.estimate - status.now) / 60_000));
  return `Expected to be done around ${clockTime(Date.now() + (status.estimate - status.now))} (in about ${minutes} min).`;
}

const TOLD = 'The organizers have been told. Someone will check on you.';

/**
 * "No judge has come for a while": one alert per 10 minutes, said on the button. Every phone of the
 * team says the organizers were told while the next alert waits, not only the one that raised it.
 */
function AlertButton({ code, status }: { code: string; status: TeamStatus }) {
  const client = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [answer, setAnswer] = useState('');
  const waitUntil =
    status.alert_available_at === null ? null : Date.now() + (status.alert_available_at - status.now);
  const raise = async () => {
    setBusy(true);
    const result = await callApi(endpoints.teamAlert, { params: { code } });
    setBusy(false);
    setAnswer(result.data ? TOLD : withNotFromServerHint(result.error, result.error));
    await invalidate(client, endpoints.teamStatus, true);
  };
  return (
    <section className="card team-status__alert" aria-labelledby="team-alert">
      <h2 id="team-alert">Waiting too long?</h2>
      <button
        type="button"
        className="btn btn--secondary btn--block"
        disabled={busy || waitUntil !== null}
        onClick={() => void raise()}
      >
        No judge has come for a while
      </button>
      <p role="status">
        {answer || (waitUntil !== null && TOLD)}
        {waitUntil !== null && ` You can press this again at ${clockTime(waitUntil)}.`}
      </p>
    </section>
  );
}
