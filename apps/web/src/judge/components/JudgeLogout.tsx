/**
 * The judge's Logout (issue 22): changes still waiting on the phone are not dropped unseen. With
 * some waiting, Logout asks first ("3 changes not sent yet") and offers to send them or to log
 * out without them. Either way the logout leaves nothing of the judge on the phone.
 */
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { forgetCredential } from '../../hooks/use-logout';
import { Dialog } from '../../components/Dialog';
import { useJudgeSyncStore } from '../stores/sync.store';

const SEND_FAILED =
  'Not sent: the phone cannot reach the server. Try again once it can, or log out without sending.';

function waitingChangesText(count: number): string {
  return `${count} ${count === 1 ? 'change' : 'changes'} not sent yet`;
}

export function JudgeLogout() {
  const navigate = useNavigate();
  const waiting = useJudgeSyncStore((state) => state.pending.length);
  const [asking, setAsking] = useState(false);
  const [sending, setSending] = useState(false);
  const [failed, setFailed] = useState(false);

  const logOut = async () => {
    useJudgeSyncStore.getState().detach();
    await forgetCredential('/judge');
    void navigate('/');
  };
  const sendThenLogOut = async () => {
    setSending(true);
    setFailed(false);
    const sent = await useJudgeSyncStore.getState().sendNow();
    setSending(false);
    if (sent) await logOut();
    else setFailed(true);
  };
  // Sent while the dialog was open (not by its own button, whose success logs out at once).
  const allSent = waiting === 0 && !sending;
  const close = () => {
    setAsking(false);
    setFailed(false);
  };

  return (
    <>
      <button
        type="button"
        className="btn btn--secondary btn--small"
        onClick={() => (waiting > 0 ? setAsking(true) : void logOut())}
      >
        Logout
      </button>
      <Dialog
        open={asking}
        title={allSent ? 'All changes sent' : waitingChangesText(waiting)}
        onClose={close}
        size="small"
        describedByContent
        footer={
          <>
            <button type="button" className="btn btn--secondary" onClick={close}>
              Cancel
            </button>
            {allSent ? (
              <button type="button" className="btn btn--primary" onClick={() => void logOut()}>
                Log out
              </button>
            ) : (
              <>
                <button type="button" className="btn btn--danger" onClick={() => void logOut()}>
                  Log out without sending
                </button>
                <button
                  type="button"
                  className="btn btn--primary"
                  disabled={sending}
                  onClick={() => void sendThenLogOut()}
                >
                  {sending ? 'Sending...' : 'Send and log out'}
                </button>
              </>
            )}
          </>
        }
      >
        {allSent ? (
          <p>Everything you saved on this phone has reached the server.</p>
        ) : (
          <p>
            Notes, stars, rankings or visits you saved on this phone have not reached the server. Send them
            before you log out: logging out without sending loses them.
          </p>
        )}
        {failed && !allSent && (
          <p role="alert" className="field__error">
            {SEND_FAILED}
          </p>
        )}
      </Dialog>
    </>
  );
}
