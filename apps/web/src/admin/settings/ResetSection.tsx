import { endpoints, eventCounts, type KeptCopy, type ResetType } from '@podium/protocol';
import { useState } from 'react';
import { useEndpointQuery } from '../../queries/use-endpoint-query';
import { useQueryInvalidation } from '../../realtime/use-query-invalidation';
import { ActionButton } from './ActionButton';
import { SettingsSection } from './SettingsSection';
import { settingsApi } from './settings-actions';
import { useSettingsState } from './use-live-options';

/** What each reset deletes, from API.md R67, for its confirmation dialog. */
const RESETS: readonly { type: ResetType; label: string; deletes: string; keeps: string }[] = [
  {
    type: 'rankings',
    label: 'Reset rankings',
    deletes: "Clears every judge's rankings and stars, and the teams' open alerts.",
    keeps: 'Notes, criteria scores, feedback for teams, views, projects, judges, flags and settings stay.',
  },
  {
    type: 'judging-data',
    label: 'Reset judging data',
    deletes:
      "Clears all judging progress: every judge's seen projects with their notes, criteria scores and feedback for teams, rankings, stars, flags raised, conflicts of interest said while judging, current project and welcome confirmation; every project's views and priority; all flags and the teams' open alerts. Every hidden project and judge is shown again, deliberation ends, the group switch count goes to 0 and the clock goes back to 00:00:00, paused.",
    keeps:
      'Projects, judges, their codes, the conflicts you declared, criteria, tables, groups, team codes, settings and QR codes stay.',
  },
  {
    type: 'projects',
    label: 'Reset projects',
    deletes:
      'Deletes every project, then clears all judging data as "Reset judging data" does. The next project added gets table 1.',
    keeps: 'Judges, their codes, criteria, settings and QR codes stay.',
  },
  {
    type: 'judges',
    label: 'Reset judges',
    deletes:
      'Deletes every judge (their codes stop working and they are logged out), then clears all judging data as "Reset judging data" does.',
    keeps: 'Projects, team codes, criteria, settings and QR codes stay.',
  },
  {
    type: 'all',
    label: 'Reset everything',
    deletes:
      'Deletes all projects, judges, criteria, flags and the audit log, deletes the QR codes, restores every setting to its default, ends deliberation and sets the clock to 00:00:00, paused.',
    keeps: 'The admin password and the hall layout stay.',
  },
];

/** Hours and minutes in the organizer's own format. */
const timeOfDay = (at: Date) => at.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });

/** When a copy was taken, in the organizer's own format: `4 Dec 2026, 19:50`. */
const takenAt = (copy: KeptCopy) =>
  new Date(copy.taken_at).toLocaleString([], { dateStyle: 'medium', timeStyle: 'short' });

/** `4 Dec 2026, 19:50 · before a reset · 42 projects, 18 judges, 310 judgments` */
function describedCopy(copy: KeptCopy): string {
  const before = copy.kind === 'before-reset' ? 'before a reset' : 'of the event a restore replaced';
  return `${takenAt(copy)} · ${before} · ${eventCounts(copy)}`;
}

interface KeptCopiesProps {
  copies: KeptCopy[] | undefined;
  error: string;
  /** Putting a copy back is refused while judging runs, as a reset is (R88). */
  disabled: boolean;
  onPutBack: (copy: KeptCopy) => void;
}

/**
 * The copies the server keeps (`GET /admin/reset/copies`): after a reset made by mistake, **Put
 * back** undoes it here (`POST /admin/reset/copies/restore`); each copy's command does the same for
 * whoever runs the server, should it not start. Refetched after a reset or a put-back made here,
 * and when another organizer changes the options.
 */
function KeptCopies({ copies, error, disabled, onPutBack }: KeptCopiesProps) {
  if (copies === undefined)
    return error ? <p role="alert">The kept copies could not be read: {error}</p> : null;
  if (copies.length === 0) return <p>No copy of the event is kept yet: the first reset keeps one.</p>;
  return (
    <>
      <p>
        Kept copies of the event, newest first. <strong>Put back</strong> makes the event what a copy holds;
        the server can also do it with the copy&apos;s command, stopped (every instance, with PostgreSQL).
      </p>
      <ul className="settings-kept-copies">
        {copies.map((copy) => (
          <li key={copy.name}>
            {describedCopy(copy)}
            <br />
            <code>{copy.restore_command}</code>
            <div className="settings-actions">
              <ActionButton
                label="Put back"
                disabled={disabled}
                run={() => settingsApi.putBackCopy(copy.name)}
                success="Copy put back"
                onDone={() => onPutBack(copy)}
                confirm={{
                  title: 'Put this copy back?',
                  body: (
                    <>
                      <p>The event becomes what this copy holds: {describedCopy(copy)}.</p>
                      <p>
                        What was saved since is replaced. The event as it is now is kept as a copy first,
                        listed here, so this can be undone the same way.
                      </p>
                    </>
                  ),
                  confirmLabel: 'Yes, put it back',
                }}
              />
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}

/**
 * Reset Data (R66, R67): refused while judging runs, so locked then (R88); each asks first. The
 * alert after a reset is the spec's 'Reset {type}' ("Reset all" for Reset everything), kept as
 * it is (docs/operations.md, section 15); the line under the buttons names the last reset
 * as its button does, when it ran, and what stayed, or the copy put back since.
 */
export function ResetSection() {
  const { loaded, running } = useSettingsState();
  const [lastStatus, setLastStatus] = useState('');
  const copies = useEndpointQuery(endpoints.resetCopies);
  useQueryInvalidation('admin', { 'options.changed': [endpoints.resetCopies] });
  return (
    <SettingsSection id="reset">
      <p>
        Before each reset the server keeps a copy of the whole event in its data folder (<code>backups/</code>
        ), or with PostgreSQL in the database: a reset made by mistake is undone by putting that copy back
        (below).
      </p>
      <div className="settings-actions">
        {RESETS.map((reset) => (
          <ActionButton
            key={reset.type}
            label={reset.label}
            danger
            disabled={!loaded || running}
            run={() => settingsApi.reset(reset.type)}
            success={`Reset ${reset.type}`}
            onDone={() => {
              setLastStatus(`${reset.label}: done at ${timeOfDay(new Date())}. ${reset.keeps}`);
              void copies.refetch();
            }}
            confirm={{
              title: `${reset.label}?`,
              body: (
                <>
                  <p>{reset.deletes}</p>
                  <p>{reset.keeps}</p>
                  <p>The server keeps a copy of the event first: putting it back (below) undoes this.</p>
                </>
              ),
              confirmLabel: `Yes, ${reset.label.toLowerCase()}`,
              // Everything, audit log included: the one reset asked for by typing a word.
              typeToConfirm: reset.type === 'all' ? 'RESET' : undefined,
            }}
          />
        ))}
      </div>
      <p role="status" className="settings-reset-done">
        {lastStatus}
      </p>
      <KeptCopies
        copies={copies.data}
        error={copies.error}
        disabled={!loaded || running}
        onPutBack={(copy) => {
          const done = timeOfDay(new Date());
          setLastStatus(
            `Copy put back: done at ${done}. The event is as it was on ${takenAt(copy)} (${eventCounts(copy)}).`,
          );
          void copies.refetch();
        }}
      />
    </SettingsSection>
  );
}
