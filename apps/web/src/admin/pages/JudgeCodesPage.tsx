import { endpoints } from '@podium/protocol';
import { Page } from '../../components/Page';
import { useEndpointQuery } from '../../queries/use-endpoint-query';
import { judgeLoginPath } from '../../util/judge-login-link';
import { AdminGate } from '../components/AdminGate';
import { QrSvg } from '../components/QrSvg';
import { useJudgeList } from '../queries/use-judge-list';

/**
 * `/admin/judge-codes`: one card per judge (name, track, code, a QR code of the login link) to
 * print and hand out, for events without email or judges who lost theirs.
 */
export function JudgeCodesPage() {
  return (
    <Page heading="Judge codes" admin back logout>
      <AdminGate>
        <JudgeCodes />
      </AdminGate>
    </Page>
  );
}

function JudgeCodes() {
  const list = useJudgeList();
  const proofs = useEndpointQuery(endpoints.loginProofs).data;
  if (list.status === 'loading')
    return <span className="spinner" role="status" aria-label="Loading judges" />;
  if (list.status === 'error')
    return (
      <p className="card admin-gate-error" role="alert">
        Could not load the judges: {list.error}
      </p>
    );
  const judges = list.judges.filter((judge) => judge.active);
  return (
    <div className="judge-codes">
      <div className="judge-codes__intro">
        <p>
          {judges.length} {judges.length === 1 ? 'card' : 'cards'}, one per active judge. Cut them apart and
          hand them out: scanning a card opens the login page with the code filled in.
        </p>
        <button type="button" className="btn btn--primary" onClick={() => window.print()}>
          Print
        </button>
      </div>
      <ul className="judge-codes__cards">
        {judges.map((judge) => (
          <li key={judge.id} className="judge-card">
            <p className="judge-card__name">{judge.name}</p>
            {judge.track && <p className="judge-card__track">Track: {judge.track}</p>}
            <p className="judge-card__code">
              <span className="judge-card__code-label">Code</span> {judge.code}
            </p>
            <QrSvg
              text={window.location.origin + judgeLoginPath(judge.code, proofs?.[judge.id])}
              label={`QR code to log in as ${judge.name}`}
            />
          </li>
        ))}
      </ul>
    </div>
  );
}
