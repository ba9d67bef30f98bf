import { PRODUCT_NAME } from '@podium/protocol';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useLogout } from '../hooks/use-logout';
import { useEventName } from '../queries/use-event-name';

export interface HeaderProps {
  /** Admin layout: the product name reads "Podium Admin". */
  admin?: boolean;
  /** Shows a Back control; `true` goes to /admin, a string to that path. */
  back?: boolean | string;
  /** Shows a Logout control: the default one, or a portal's own (the judge's asks about waiting changes). */
  logout?: boolean | ReactNode;
}

/** The shared header of every screen but the landing page (product spec §2). */
export function Header({ admin = false, back = false, logout = false }: HeaderProps) {
  const eventName = useEventName();
  const onLogout = useLogout();
  const backTarget = typeof back === 'string' ? back : '/admin';

  return (
    <header className="site-header">
      <div className="site-header__inner">
        <div className="site-header__title">
          <Link to="/" className="site-header__brand">
            {admin ? `${PRODUCT_NAME} Admin` : PRODUCT_NAME}
          </Link>
          <p className="site-header__tagline">{eventName}</p>
        </div>
        {(back || logout) && (
          <div className="site-header__actions">
            {back && (
              <Link to={backTarget} className="btn btn--secondary btn--small">
                <span aria-hidden="true">←</span> Back
              </Link>
            )}
            {logout === true ? (
              <button type="button" className="btn btn--secondary btn--small" onClick={onLogout}>
                Logout
              </button>
            ) : (
              logout
            )}
          </div>
        )}
      </div>
    </header>
  );
}
