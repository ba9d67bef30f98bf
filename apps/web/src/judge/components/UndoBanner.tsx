import { useEffect, useRef } from 'react';
import { focusHeadingIfLost } from '../../util/focus';
import { useFollowUndo, undo, useUndoOffer } from '../hooks/use-judge-undo';
import { actionLead, undoButtonText } from '../logic/undo';

/**
 * "Finished Moonshot. Undo (1:42)": the judge's last Done or Skip may be undone for two minutes
 * (issue 35), on whatever screen comes next and on the dashboard. The countdown is in the
 * button's name, not announced each second; the banner itself is announced once as it appears.
 * When the banner goes holding the focus (its Undo tapped, or its two minutes over while a keyboard
 * or screen reader was on it), the focus goes to the page's heading, not to the page's body.
 */
export function UndoBanner() {
  useFollowUndo();
  const offer = useUndoOffer();
  // Set by a tap too: a tapped button does not take the focus on every phone (iOS Safari).
  const heldFocus = useRef(false);
  const shown = offer !== null;
  useEffect(() => {
    if (shown || !heldFocus.current) return;
    heldFocus.current = false;
    focusHeadingIfLost();
  }, [shown]);
  if (!offer) return null;
  return (
    <section
      className="card judge-undo"
      aria-label="Undo"
      onFocus={() => {
        heldFocus.current = true;
      }}
      // Only a control elsewhere taking the focus ends the hold: a banner taken away may blur with
      // no target on some browsers, as a tap on the page's background does (the heading is fine then).
      onBlur={(event) => {
        const to = event.relatedTarget;
        if (to !== null && !event.currentTarget.contains(to)) heldFocus.current = false;
      }}
    >
      <p className="judge-undo__text" role="status">
        <span className="judge-undo__what">
          {actionLead(offer.action, offer.reason)} <strong>{offer.name}</strong>.
        </span>
        {offer.leftMs === null && ' Saved on this phone.'}
      </p>
      <button
        type="button"
        className="btn btn--secondary judge-undo__button"
        onClick={() => {
          heldFocus.current = true;
          void undo(offer);
        }}
      >
        {undoButtonText(offer)}
      </button>
    </section>
  );
}
