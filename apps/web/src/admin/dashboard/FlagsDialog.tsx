import type { Flag } from '@podium/protocol';
import { FLAG_REASON_LABELS } from '@podium/protocol';
import { useMemo, useState } from 'react';
import { Dialog } from '../../components/Dialog';
import { SideScroll } from '../../components/SideScroll';
import { useFocusKeptInRows } from '../hooks/use-focus-kept-in-rows';
import { useFlags } from './dashboard-queries';
import { useDashboardDialogStore, useDialogOf } from '../stores/dashboard-dialog.store';
import { TimeAgo } from './cells';
import { resolveFlag } from './dashboard-actions';
import { visibleFlags } from './rows';

function FlagList() {
  const flags = useFlags();
  const list = useMemo(() => visibleFlags(flags ?? []), [flags]);
  const [status, setStatus] = useState('');
  const [busy, setBusy] = useState<string | null>(null);
  // Resolved while its Resolve holds the focus, a flag's row hands it to the next (else the title).
  const focusKeeper = useFocusKeptInRows(useMemo(() => list.map((flag) => flag.id), [list]));

  const resolve = async (flag: Flag) => {
    setBusy(flag.id);
    const outcome = await resolveFlag(flag.id);
    setBusy(null);
    setStatus(
      outcome.ok
        ? `Resolved the ${FLAG_REASON_LABELS[flag.reason]} flag on ${flag.project_name}.`
        : outcome.error,
    );
  };

  return (
    <>
      {list.length === 0 ? (
        <p>No open flags.</p>
      ) : (
        <SideScroll className="dialog-table-wrap">
          <table className="dialog-table">
            <caption className="visually-hidden">Open flags, oldest first</caption>
            <thead>
              <tr>
                <th scope="col">Time</th>
                <th scope="col">Project</th>
                <th scope="col">Table #</th>
                <th scope="col">Judge</th>
                <th scope="col">Reason</th>
                <th scope="col">
                  <span className="visually-hidden">Resolve</span>
                </th>
              </tr>
            </thead>
            <tbody {...focusKeeper}>
              {list.map((flag) => (
                <tr key={flag.id}>
                  <td title={new Date(flag.time).toLocaleString()}>
                    <TimeAgo time={flag.time} />
                  </td>
                  <th scope="row">{flag.project_name}</th>
                  <td>{flag.project_location}</td>
                  <td>{flag.judge_name}</td>
                  <td>{FLAG_REASON_LABELS[flag.reason]}</td>
                  <td>
                    <button
                      type="button"
                      className="btn btn--secondary btn--small"
                      disabled={busy !== null}
                      aria-label={`Resolve the ${FLAG_REASON_LABELS[flag.reason]} flag on ${flag.project_name}`}
                      onClick={() => void resolve(flag)}
                    >
                      Resolve
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </SideScroll>
      )}
      <p className="dialog-status" role="status">
        {status}
      </p>
    </>
  );
}

/** Every open flag but busy ones (product spec §9), oldest first; resolving deletes the flag. */
export function FlagsDialog() {
  const dialog = useDialogOf('flags');
  const close = useDashboardDialogStore((state) => state.close);
  return (
    <Dialog open={dialog !== null} title="Flags" size="large" onClose={close}>
      <FlagList />
    </Dialog>
  );
}
