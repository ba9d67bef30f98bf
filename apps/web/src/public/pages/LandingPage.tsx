import { PRODUCT_NAME } from '@podium/protocol';
import { Link } from 'react-router-dom';
import { usePageTitle } from '../../hooks/use-page-title';
import { useEventName } from '../../queries/use-event-name';

/** `/`: the way into the three portals (product spec §2). */
export function LandingPage() {
  usePageTitle(PRODUCT_NAME);
  const eventName = useEventName();
  return (
    <main className="landing">
      <p className="landing__event">{eventName}</p>
      <h1 className="landing__title">{PRODUCT_NAME}</h1>
      <p className="landing__subtitle">Hackathon judging, from first pitch to final ranking.</p>
      <nav className="landing__portals" aria-label="Portals">
        <Link to="/judge/login" className="btn btn--primary btn--large">
          Judging Portal
        </Link>
        <Link to="/admin/login" className="btn btn--secondary btn--large">
          Admin Portal
        </Link>
        <Link to="/expo" className="btn btn--secondary btn--large">
          Project Expo
        </Link>
      </nav>
    </main>
  );
}
