import { useLayoutEffect, useState, type RefObject } from 'react';

/**
 * Past this share of the screen's height, a bar held at the bottom hides the page it serves: the
 * live page's timer and actions take 55 % of a 390×844 phone at 160 % text, where the project's
 * name and table still show above them, and 69 % at 175 %, where they do not, and the bar's own
 * buttons went past the screen's bottom edge.
 */
const HELD_SHARE_MAX = 0.6;

/**
 * Whether `element` is too tall to be held at the bottom of the screen (the phone's text is large,
 * the screen short): then it stays in its place in the page. Measured, not guessed from a media
 * query: a phone's text size setting may scale the text without changing the viewport in `em`.
 */
export function useTooTallToHold(element: RefObject<HTMLElement | null>): boolean {
  const [tooTall, setTooTall] = useState(false);
  useLayoutEffect(() => {
    const target = element.current;
    if (!target) return;
    const measure = () => setTooTall(target.offsetHeight > HELD_SHARE_MAX * window.innerHeight);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(target);
    window.addEventListener('resize', measure);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', measure);
    };
  }, [element]);
  return tooTall;
}
