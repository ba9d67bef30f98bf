import { endpoints, QR_CODE_INVALID, QR_CODE_NOT_FOUND } from '@podium/protocol';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { callApi, withNotFromServerHint } from '../../api/client';
import { Page } from '../../components/Page';
import { notify } from '../../stores/notice.store';
import { AddSelfForm } from '../components/AddSelfForm';

type CheckResult = 'valid' | 'missing' | 'invalid' | 'failed';

interface CheckOutcome {
  result: CheckResult;
  /** The alert to show (product spec §5), if any. */
  message?: string;
}

/** `POST /qr/check` (or `/qr/check/:track` for a track's code), before showing the form. */
async function checkCode(code: string, track: string): Promise<CheckOutcome> {
  if (code === '') return { result: 'missing', message: QR_CODE_NOT_FOUND };
  const response =
    track === ''
      ? await callApi(endpoints.qrCheck, { body: { code } })
      : await callApi(endpoints.qrCheckTrack, { params: { track }, body: { code } });
  if (!response.data)
    return { result: 'failed', message: withNotFromServerHint(response.error, response.error) };
  return response.data.ok === 1 ? { result: 'valid' } : { result: 'invalid', message: QR_CODE_INVALID };
}

/** The code check of the current link; `checking` until the answer for this very link arrives. */
function useCodeCheck(code: string, track: string, attempt: number): CheckResult | 'checking' {
  const key = `${attempt}\n${track}\n${code}`;
  const [checked, setChecked] = useState<{ key: string; result: CheckResult } | null>(null);
  useEffect(() => {
    // Alerts fire only for a check still wanted, so a remount (StrictMode) cannot show two.
    let wanted = true;
    void checkCode(code, track).then(({ result, message }) => {
      if (!wanted) return;
      if (message) notify.error(message);
      setChecked({ key, result });
    });
    return () => {
      wanted = false;
    };
  }, [code, track, key]);
  return checked?.key === key ? checked.result : 'checking';
}

/** `/add-self?code=…&track=…`: a judge adds themselves from an admin's QR code. */
export function AddSelfPage() {
  const [params] = useSearchParams();
  const code = params.get('code')?.trim() ?? '';
  const track = params.get('track')?.trim() ?? '';
  const [attempt, setAttempt] = useState(0);
  const check = useCodeCheck(code, track, attempt);

  return (
    <Page heading="Add Yourself as a Judge">
      <section className="add-self card" aria-busy={check === 'checking'}>
        {check === 'checking' && (
          <p className="add-self__status" role="status">
            <span className="spinner add-self__spinner" aria-hidden="true" />
            Checking your QR code…
          </p>
        )}
        {check === 'valid' && (
          <>
            <p className="add-self__intro">
              {track === '' ? (
                'Sign up to judge. '
              ) : (
                <>
                  Sign up to judge the <strong>{track}</strong> track.{' '}
                </>
              )}
              After you submit, you get your judging code.
            </p>
            <AddSelfForm code={code} track={track} />
          </>
        )}
        {(check === 'missing' || check === 'invalid') && (
          <div className="add-self__problem">
            <h2 className="add-self__problem-title">This sign-up link does not work</h2>
            <p>Scan the QR code at the judges&apos; desk again, or ask an organizer for help.</p>
            <Link to="/" className="btn btn--secondary">
              Go to the home page
            </Link>
          </div>
        )}
        {check === 'failed' && (
          <div className="add-self__problem">
            <h2 className="add-self__problem-title">Your code could not be checked</h2>
            <p>Check your connection, then try again.</p>
            <button type="button" className="btn btn--primary" onClick={() => setAttempt((n) => n + 1)}>
              Try again
            </button>
          </div>
        )}
      </section>
    </Page>
  );
}
