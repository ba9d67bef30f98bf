import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { SelectField } from '../../components/FormFields';
import { useTracks } from '../queries/use-tracks';

/** The self-add QR code of a track's page: `/admin/qr?track=<track>`. */
export const trackQrPath = (track: string) => `/admin/qr?track=${encodeURIComponent(track)}`;

/**
 * Ways to the self-add QR codes (product spec §2 "Add Judges"): general judges always, a track's
 * judges once tracks exist in the settings.
 */
export function JudgeQrLinks() {
  const headingId = useId();
  const tracks = useTracks();
  const [chosen, setChosen] = useState('');
  // The first track until one is chosen; a chosen track that disappeared falls back the same way.
  const track = tracks.includes(chosen) ? chosen : (tracks[0] ?? '');

  return (
    <section className="card" aria-labelledby={headingId}>
      <h2 id={headingId} className="section-heading">
        Self-add QR codes
      </h2>
      <p>Judges who scan a QR code add themselves and get their judging code.</p>
      <div className="qr-links">
        <Link to="/admin/qr" className="btn btn--secondary">
          General Judges QR Code
        </Link>
        <Link to="/admin/judge-codes" className="btn btn--secondary">
          Print Judge Codes
        </Link>
        {tracks.length > 0 && (
          <div className="qr-links__track">
            <SelectField
              label="Track of the QR code"
              options={tracks.map((t) => ({ value: t, label: t }))}
              value={track}
              onChange={(event) => setChosen(event.target.value)}
            />
            <Link to={trackQrPath(track)} className="btn btn--secondary">
              {track} QR Code
            </Link>
          </div>
        )}
      </div>
    </section>
  );
}
