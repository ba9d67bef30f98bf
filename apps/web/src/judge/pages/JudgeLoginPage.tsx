import { endpoints } from '@podium/protocol';
import type { FormEvent } from 'react';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { callApi, requestErrorText } from '../../api/client';
import { getJudgeToken, removeJudgeToken, setJudgeToken } from '../../auth/cookies';
import { InsecureConnectionNotice } from '../../components/InsecureConnectionNotice';
import { LoadingScreen } from '../../components/LoadingScreen';
import { Page } from '../../components/Page';
import { notify } from '../../stores/notice.store';

/** Codes are typed or pasted from an email: every space, tab or line break is dropped (§5). */
const stripWhitespace = (code: string) => code.replace(/\s+/g, '');

/** The inline error of a failed login (§8); other statuses also raise the shared notice. */
function loginError(status: number, error: string): string {
  if (status === 400) return 'Invalid judging code';
  if (status === 429) return 'Login rate limit exceeded, please contact an organizer';
  notify.error(requestErrorText(status, error));
  return 'Internal server error';
}

type Phase = 'checking' | 'idle' | 'submitting';

/** `/judge/login`: a judge signs in with their judging code. */
export function JudgeLoginPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [code, setCode] = useState(() => params.get('code') ?? '');
  // The emailed or printed link's proof: with it the login passes the guessing guard.
  const proof = params.get('proof') ?? undefined;
  const [error, setError] = useState('');
  const [phase, setPhase] = useState<Phase>(() => (getJudgeToken() ? 'checking' : 'idle'));
  // A ref, not state: a second Enter in the same tick must see the first submit at once.
  const submitting = useRef(false);

  // An existing token goes straight to the dashboard; a refused one is forgotten.
  useEffect(() => {
    if (!getJudgeToken()) return;
    let cancelled = false;
    void callApi(endpoints.judgeAuth).then((result) => {
      if (cancelled) return;
      if (result.data) return void navigate('/judge', { replace: true });
      if (result.status === 401) removeJudgeToken();
      setPhase('idle');
    });
    return () => {
      cancelled = true;
    };
  }, [navigate]);

  const cleanCode = stripWhitespace(code);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (cleanCode === '' || submitting.current) return;
    submitting.current = true;
    setPhase('submitting');
    const result = await callApi(endpoints.judgeLogin, { body: { code: cleanCode, proof } });
    submitting.current = false;
    if (result.data) {
      setJudgeToken(result.data.token);
      void navigate('/judge');
      return;
    }
    setPhase('idle');
    setError(loginError(result.status, result.error));
  };

  const describedBy = error ? 'judge-code-help judge-code-error' : 'judge-code-help';

  return (
    <Page heading="Judge Login">
      <InsecureConnectionNotice />
      <form className="card judge-form" onSubmit={onSubmit} noValidate>
        <label htmlFor="judge-code" className="judge-field__label">
          Enter your judging code
        </label>
        <input
          id="judge-code"
          name="code"
          className="judge-field__input judge-login__code"
          value={code}
          placeholder="XXXXXX"
          inputMode="numeric"
          autoComplete="one-time-code"
          autoCapitalize="characters"
          spellCheck={false}
          aria-describedby={describedBy}
          aria-invalid={error ? true : undefined}
          onChange={(event) => {
            setCode(event.target.value);
            setError('');
          }}
        />
        <p id="judge-code-help" className="judge-field__help">
          If you did not get a code, check your email or contact an organizer.
        </p>
        {error && (
          <p id="judge-code-error" className="judge-field__error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="btn btn--primary btn--large btn--block" disabled={cleanCode === ''}>
          Log In
        </button>
      </form>
      {phase === 'checking' && <LoadingScreen label="Checking your login" />}
      {phase === 'submitting' && <LoadingScreen label="Logging in" />}
    </Page>
  );
}
