import { Link } from 'react-router-dom';
import { Header } from '../components/Header';
import { usePageTitle } from '../hooks/use-page-title';

export const ERROR_HEADING = 'Unexpected Application Error!';

/** Unknown URLs and any error a screen throws end here (product spec §2), with what happened. */
export function ErrorPage({ detail }: { detail: string | null }) {
  usePageTitle('Error');
  return (
    <>
      <Header />
      <main className="page">
        <h1 className="page__heading">{ERROR_HEADING}</h1>
        {detail && <p className="page__lead">{detail}</p>}
        <Link to="/" className="btn btn--primary">
          Go to the home page
        </Link>
      </main>
    </>
  );
}
