import { endpoints } from '@podium/protocol';
import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { callApi } from '../../api/client';
import { setJudgeToken } from '../../auth/cookies';
import { Page } from '../../components/Page';
import { notify } from '../../stores/notice.store';
import { judgeLoginPath } from '../../util/judge-login-link';
import type { AddSelfDoneState } from '../components/AddSelfForm';

/**
 * `/add-self/done`: the end of self-adding. With email on, the code arrives by email; with email
 * off, the server handed the code back (`POST /qr/add/code`), so it is shown here with a button
 * that logs the judge in at once.
 */
export function AddSelfDonePage() {
  const state = useLocation().state as Partial<AddSelfDoneState> | null;
  const judgeCode = state?.judgeCode ?? null;
  const proof = state?.proof ?? null;
  return (
    <Page heading="Thanks for adding yourself!">
      <section className="add-self add-self--done card">
        <span className="add-self__tick" aria-hidden="true">
          ✓
        </span>
        {judgeCode ? (
          <JudgeCodeHandback code={judgeCode} proof={proof} />
        ) : (
          <>
            <p className="page__lead">You will get an email with your judging login info soon.</p>
            <p>You may close this tab now.</p>
          </>
        )}
      </section>
    </Page>
  );
}

/** The code, and a login with its link's proof, which passes the login guard (issue 31 item 3). */
function JudgeCodeHandback({ code, proof }: { code: string; proof: string | null }) {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const logIn = async () => {
    setBusy(true);
    const result = await callApi(endpoints.judgeLogin, { body: { code, ...(proof && { proof }) } });
    setBusy(false);
    if (!result.data) return notify.error(result.error);
    setJudgeToken(result.data.token);
    void navigate('/judge', { replace: true });
  };
  return (
    <>
      <p className="page__lead">This server sends no emails, so here is your judging code:</p>
      <p className="add-self__code" aria-label={`Your judging code: ${code.split('').join(' ')}`}>
        {code}
      </p>
      <p>Write it down or take a photo: you need it to log in on another device.</p>
      <button
        type="button"
        className="btn btn--primary btn--large btn--block"
        disabled={busy}
        onClick={() => void logIn()}
      >
        {busy ? 'Logging in…' : 'Log in now'}
      </button>
      <p>
        Or later: <Link to={judgeLoginPath(code, proof)}>the judge login page</Link> (bookmark it).
      </p>
    </>
  );
}
