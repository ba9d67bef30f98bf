import { useId } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Page } from '../../components/Page';
import { notify } from '../../stores/notice.store';
import { AdminGate } from '../components/AdminGate';
import { EmailOffNotice } from '../components/EmailOffNotice';
import { PrintedLinksNotice } from '../components/PrintedLinksNotice';
import { fitsQrCode, QrCanvas } from '../components/QrCanvas';
import { addSelfUrl, useQrCode } from '../queries/use-qr-code';

/** `/admin/qr?track=…`: the self-add QR code of general judging or of one track. */
export function QrCodePage() {
  const [searchParams] = useSearchParams();
  const track = searchParams.get('track') ?? '';
  return (
    <Page heading={`${track || 'General'} Judging QR Code`} admin back="/admin/add-judges" logout>
      <AdminGate>
        <EmailOffNotice />
        <QrCodePanel track={track} />
      </AdminGate>
    </Page>
  );
}

function QrCodePanel({ track }: { track: string }) {
  const linkId = useId();
  const { code, error, generating, generate } = useQrCode(track);

  if (error) {
    return (
      <p className="card admin-gate-error" role="alert">
        Could not load the QR code: {error}
      </p>
    );
  }
  const ready = code !== '';
  const url = ready ? addSelfUrl(window.location.origin, code, track) : '';

  const regenerate = async () => {
    const result = await generate();
    if (result.data) notify.success('New code generated: the previous QR code no longer works.');
    else notify.error(result.error);
  };
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      notify.success('Link copied!');
    } catch {
      // No clipboard on plain HTTP at another host: the field is selectable by hand.
      notify.error('Could not copy: select the link and copy it yourself.');
    }
  };

  return (
    <div className="card qr-panel">
      <p className="qr-panel__lead">
        Judges scan this code to add themselves{track ? ` to the ${track} track` : ''}.
      </p>
      {/* The image encodes this browser's address (API.md 4.10), whatever PUBLIC_URL says. */}
      <PrintedLinksNotice
        base={window.location.origin}
        remedy="Open Podium at the address phones use before showing or printing this code."
      />
      {ready && !fitsQrCode(url) ? (
        <p className="page-warning" role="alert">
          This link is too long for a QR code: the track&apos;s name makes it {url.length} characters. Copy
          the link below and share it instead, or shorten the track&apos;s name.
        </p>
      ) : (
        <div className="qr-panel__image">
          {ready ? (
            <QrCanvas text={url} label={`QR code of the link ${url}`} />
          ) : (
            <span className="spinner" role="status" aria-label="Loading the QR code" />
          )}
        </div>
      )}
      <div className="field qr-panel__link">
        <label className="field__label" htmlFor={linkId}>
          Self-add link
        </label>
        <div className="qr-panel__link-row">
          <input
            id={linkId}
            className="field__control"
            value={url}
            readOnly
            onFocus={(event) => event.target.select()}
          />
          <button type="button" className="btn btn--secondary" disabled={!ready} onClick={copy}>
            Copy
          </button>
        </div>
      </div>
      <button type="button" className="btn btn--primary" disabled={!ready || generating} onClick={regenerate}>
        {generating ? 'Generating...' : 'Generate New Code'}
      </button>
    </div>
  );
}
