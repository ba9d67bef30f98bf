import type { JudgeReason } from '@podium/protocol';
import { JUDGE_CONFLICT_REASON, SELECT_AN_OPTION } from '@podium/protocol';
import type { FormEvent } from 'react';
import { useEffect, useRef, useState } from 'react';
import { Dialog } from '../../components/Dialog';
import { notify, useNoticeStore } from '../../stores/notice.store';
import { reasonLabel } from '../logic/undo';
import { useJudgeLiveStore } from '../stores/live.store';

const KINDS = {
  skip: {
    title: 'Skip Project',
    question: 'Why are you skipping this project?',
    help: 'A busy team comes back to you later: skipping does not hurt its rating. A team you know is never given to you again, and it is no mark against the team.',
    reasons: ['absent', 'busy', JUDGE_CONFLICT_REASON],
  },
  flag: {
    title: 'Flag Project',
    question: 'Why are you flagging this project?',
    help: 'The organizers review every flag. You will not see this project again.',
    reasons: ['cannot-demo', 'too-complex', 'offensive'],
  },
} as const satisfies Record<
  string,
  { title: string; question: string; help: string; reasons: readonly JudgeReason[] }
>;

type Kind = keyof typeof KINDS;

function ReasonForm({ kind }: { kind: Kind }) {
  const skip = useJudgeLiveStore((state) => state.skip);
  const submitting = useJudgeLiveStore((state) => state.submitting);
  const [reason, setReason] = useState<JudgeReason | ''>('');
  const { question, help, reasons } = KINDS[kind];
  // 'Please select an option.' is stale once a reason is chosen or the popup closes.
  const noticeId = useRef<number | null>(null);
  const dismissNotice = () => {
    if (noticeId.current !== null) useNoticeStore.getState().dismiss(noticeId.current);
    noticeId.current = null;
  };
  useEffect(() => dismissNotice, []);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    // Once it lands, the Undo banner over the next project says what was done, and why.
    if (reason !== '') void skip(reason);
    else if (noticeId.current === null) noticeId.current = notify.error(SELECT_AN_OPTION);
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      <fieldset className="judge-reasons">
        <legend className="judge-reasons__legend">{question}</legend>
        <p className="judge-reasons__help">{help}</p>
        {reasons.map((value) => (
          <label key={value} className="judge-check judge-reason">
            <input
              type="radio"
              name={`${kind}-reason`}
              value={value}
              checked={reason === value}
              onChange={() => {
                setReason(value);
                dismissNotice();
              }}
            />
            <span>{reasonLabel(value)}</span>
          </label>
        ))}
      </fieldset>
      <button type="submit" className="btn btn--primary btn--block" disabled={submitting}>
        Submit
      </button>
    </form>
  );
}

/** The Skip (Absent, Busy, I know this team) and Flag (Can't Demo, Too Complex, Offensive) popups; both call `/judge/skip`. */
export function ReasonDialog({ kind }: { kind: Kind }) {
  const open = useJudgeLiveStore((state) => state.popup === kind);
  const closePopup = useJudgeLiveStore((state) => state.closePopup);
  return (
    <Dialog size="small" showNotices open={open} title={KINDS[kind].title} onClose={closePopup}>
      <ReasonForm kind={kind} />
    </Dialog>
  );
}
