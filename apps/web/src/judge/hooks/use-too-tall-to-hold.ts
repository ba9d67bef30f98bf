import { useLayoutEffect, useState, type RefObject } from 'react';

/**
 * Past this share of the screen's height, a bar held at the bottom hides the page it serves: the
 * live page's timer and actions take 55 % of a 390×844 phone at 160 % text, where the project's
 * name and table still show above them, and 69 % at 175 %, where they do not, and the bar's own
 * buttons went past the screen's bottom edge.
 */
const HELD_SHARE_MAX = 0.6;

/** The root's CSS variable holding the held bar's height: the floating notices rise above it. */
const HELD_BAR_HEIGHT = '--held-bar-height';

/**
 * Whether `element` is too tall to be held at the bottom of the screen (the phone's text is large,
 * the screen short): then it stays in its place in the page. Measured, not guessed from a media
 * query: a phone's text size setting may scale the text without changing the viewport in `em`.
 * While it is held, its height is the root's `--held-bar-height`, so the app's notices float
 * above it: over it, "Skipped (Busy): …." hid Flag, Skip and Done for five seconds on a small phone.
 */
export function useTooTallToHold(element: RefObject<HTMLElement | null>): boolean {
  const [tooTall, setTooTall] = useState(false);
  useLayoutEffect(() => {
    const target = element.current;
    if (!target) return;
    const root = document.documentElement;
    const measure = () => {
      const held = target.offsetHeight <= HELD_SHARE_MAX * window.innerHeight;
      setTooTall(!held);
      if (held) root.style.setProperty(HELD_BAR_HEIGHT, `${target.offsetHeight}px`);
      else root.style.removeProperty(HELD_BAR_HEIGHT);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(target);
    window.addEventListener('resize', measure);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', measure);
      root.style.removeProperty(HELD_BAR_HEIGHT);
    };
  }, [element]);
  return tooTall;
}
