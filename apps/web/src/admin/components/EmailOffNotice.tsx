import { Link } from 'react-router-dom';
import { useEmailEnabled } from '../queries/use-email-status';

export const EMAIL_OFF_TEXT =
  'Email is off on this server: judges get their code on screen or on the printed sheet.';

/** Tells the organizer that no login email goes out (no SMTP_URL/MAIL_FROM), and where codes are instead. */
export function EmailOffNotice() {
  const enabled = useEmailEnabled();
  if (enabled !== false) return null;
  return (
    <div className="card email-off" role="note">
      <p>{EMAIL_OFF_TEXT}</p>
      <Link to="/admin/judge-codes">Print the sheet of judge codes</Link>
    </div>
  );
}
