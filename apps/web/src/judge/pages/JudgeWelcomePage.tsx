import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { LoadError } from '../components/LoadError';
import { WelcomeConfirmations } from '../components/WelcomeConfirmations';
import { WelcomeInstructions } from '../components/WelcomeInstructions';
import { LoadingScreen } from '../../components/LoadingScreen';
import { Page } from '../../components/Page';
import { useJudgeCriteria, useJudgeSelf } from '../hooks/use-judge-data';
import { useJudgeGate } from '../hooks/use-judge-gate';
import { useJudgeSyncStore } from '../stores/sync.store';
import { notify, useNoticeStore } from '../../stores/notice.store';
import { JudgeLogout } from '../components/JudgeLogout';

export const WELCOME_CONFIRM_TEXT =
  'Please read the welcome message and confirm by checking the boxes below before proceeding.';

const WELCOME_WAITING_TEXT =
  'You are offline: your confirmation is saved on this phone and will be sent when you are back online.';

/** `/judge/welcome`: instructions and the three confirmations before judging. */
export function JudgeWelcomePage() {
  const navigate = useNavigate();
  const gate = useJudgeGate({ requireWelcome: false });
  const self = useJudgeSelf();
  const criteria = useJudgeCriteria();
  const judge = self.data;
  const [checked, setChecked] = useState([false, false, false]);
  const [sending, setSending] = useState(false);
  // The reminder is stale once every box is checked (and must not cover Continue then).
  const noticeId = useRef<number | null>(null);
  const dismissNotice = () => {
    if (noticeId.current !== null) useNoticeStore.getState().dismiss(noticeId.current);
    noticeId.current = null;
  };
  useEffect(() => dismissNotice, []);

  const onCheck = (index: number, value: boolean) => {
    const next = checked.map((c, i) => (i === index ? value : c));
    setChecked(next);
    if (next.every(Boolean)) dismissNotice();
  };

  const onContinue = async () => {
    if (!checked.every(Boolean)) {
      dismissNotice();
      noticeId.current = notify.error(WELCOME_CONFIRM_TEXT);
      return;
    }
    if (sending) return;
    setSending(true);
    // Through the outbox (R91): a lost answer is retried with the same key.
    const outcome = await useJudgeSyncStore.getState().submit({ kind: 'welcome' });
    setSending(false);
    if ('saved' in outcome) void navigate('/judge');
    else if ('waiting' in outcome) notify.error(WELCOME_WAITING_TEXT);
  };

  if (gate.status === 'error') {
    return (
      <Page heading="Welcome" logout={<JudgeLogout />}>
        <LoadError error={gate.error} onRetry={gate.retry} />
      </Page>
    );
  }
  if (gate.status === 'checking' || !judge) {
    return (
      <Page heading="Welcome" logout={<JudgeLogout />}>
        {self.error !== '' ? (
          <LoadError error={self.error} onRetry={() => void self.refetch()} />
        ) : (
          <LoadingScreen inPlace />
        )}
      </Page>
    );
  }

  return (
    <Page heading={`Welcome, ${judge.name}!`} title="Welcome" logout={<JudgeLogout />}>
      <WelcomeInstructions criteria={criteria} />
      <WelcomeConfirmations email={judge.email} track={judge.track} checked={checked} onChange={onCheck} />
      <button
        type="button"
        className="btn btn--primary btn--large btn--block judge-welcome__continue"
        onClick={() => void onContinue()}
      >
        Continue
      </button>
      {sending && <LoadingScreen label="Saving" />}
    </Page>
  );
}
