import { useRef } from 'react';

export interface FocusWhenShown {
  /** Call in the press of the control about to leave the page. */
  willShow: () => void;
  /** The ref of the control that takes its place. */
  ref: (control: HTMLElement | null) => void;
}

/**
 * A control pressed that leaves the page with the focus (Start Judging, "Add feedback for the
 * team"), replaced by another (the timer, the feedback field): the new one takes the focus as it
 * shows, unless another control holds it, so a keyboard's next key or a screen reader goes on from
 * there instead of from the top of the page.
 */
export function useFocusWhenShown(): FocusWhenShown {
  const pressed = useRef(false);
  return {
    willShow: () => {
      pressed.current = true;
    },
    ref: (control) => {
      if (!control || !pressed.current) return;
      pressed.current = false;
      const active = document.activeElement;
      if (active === null || active === document.body) control.focus();
    },
  };
}
