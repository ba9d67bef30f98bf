import { useEffect, useRef } from 'react';
import { focusHeadingIfLost } from '../../util/focus';
import { useFollowUndo, undo, useUndoOffer } from '../hooks/use-judge-undo';
import { UNDO_ACTION_TEXT, undoButtonText } from '../logic/undo';

/**
 * "Finished Moonshot. Undo (1:42)": the judge's last Done or Skip may be undone for two minutes
 * (issue 35), on whatever screen comes next and on the dashboard. The countdown is in the
 * button's name, not announced each second; the banner itself is announced once as it appears.
 * Once the tapped undo took the banner away, the focus it held goes to the page's heading.
 */
export function UndoBanner() {
  useFollowUndo();
  const offer = useUndoOffer();
  const tapped = useRef(false);
  const shown = offer !== null;
  useEffect(() => {
    if (shown || !tapped.current) return;
    tapped.current = false;
    focusHeadingIfLost();
  }, [shown]);
  if (!offer) return null;
  return (
    <section className="card judge-undo" aria-label="Undo">
      <p className="judge-undo__text" role="status">
        {UNDO_ACTION_TEXT[offer.action]} <strong>{offer.name}</strong>.
        {offer.leftMs === null && ' Saved on this phone.'}
      </p>
      <button
        type="button"
        className="btn btn--secondary judge-undo__button"
        onClick={() => {
          tapped.current = true;
          void undo(offer);
        }}
      >
        {undoButtonText(offer)}
      </button>
    </section>
  );
}
