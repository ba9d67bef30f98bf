import { endpoints } from '@podium/protocol';
import { Page } from '../../components/Page';
import { useEndpointQuery } from '../../queries/use-endpoint-query';
import { judgeLoginPath } from '../../util/judge-login-link';
import { AdminGate } from '../components/AdminGate';
import { PaperChoice, usePaper } from '../components/PaperChoice';
import { PrintedLinksNotice, usePrintedLinksBase } from '../components/PrintedLinksNotice';
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
  const links = usePrintedLinksBase();
  const [paper, setPaper] = usePaper();
  if (list.status === 'error' || links.error)
    return (
      <p className="card admin-gate-error" role="alert">
        Could not load the judges: {list.status === 'error' ? list.error : links.error}
      </p>
    );
  const base = links.base;
  if (list.status === 'loading' || base === undefined)
    return <span className="spinner" role="status" aria-label="Loading judges" />;
  const judges = list.judges.filter((judge) => judge.active);
  const loginPage = `${base}/judge/login`;
  return (
    <div className={`judge-codes judge-codes--${paper}`}>
      <div className="judge-codes__intro">
        <p>
          {judges.length} {judges.length === 1 ? 'card' : 'cards'}, one per active judge. Cut them apart and
          hand them out: scanning a card opens the login page with the code filled in; without a camera, the
          judge opens the address on the card and types the code.
        </p>
        <PaperChoice paper={paper} onChange={setPaper} />
        <button type="button" className="btn btn--primary" onClick={() => window.print()}>
          Print
        </button>
        <PrintedLinksNotice base={base} />
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
              text={base + judgeLoginPath(judge.code, proofs?.[judge.id])}
              label={`QR code to log in as ${judge.name}`}
            />
            <p className="judge-card__link">{loginPage}</p>
          </li>
        ))}
      </ul>
    </div>
  );
}
