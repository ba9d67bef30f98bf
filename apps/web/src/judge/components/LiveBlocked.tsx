import { Link } from 'react-router-dom';
import type { BlockReason } from '../logic/block-screen';
import { blockScreen } from '../logic/block-screen';

/** A full-page message instead of a project (paused, disabled account, no projects, done). */
export function LiveBlocked({ reason, isTrackJudge }: { reason: BlockReason; isTrackJudge: boolean }) {
  const screen = blockScreen(reason, isTrackJudge);
  return (
    <section className="card judge-blocked" data-block={screen.id}>
      <h1 className="judge-blocked__title">{screen.title}</h1>
      <p className="judge-blocked__text">{screen.text}</p>
      <Link to="/judge" className="btn btn--primary btn--large btn--block">
        Back to dashboard
      </Link>
    </section>
  );
}
