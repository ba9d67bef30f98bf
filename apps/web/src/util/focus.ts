/**
 * Gives the focus to the page's heading (its `main h1`) when no control holds it: the control
 * that had it left the page, and the browser put it on the body, so the next Tab and a screen
 * reader would start again from the top of the page instead of from what it now shows. Never
 * takes the focus from a control that holds it.
 */
export function focusHeadingIfLost(): void {
  const active = document.activeElement;
  if (active !== null && active !== document.body) return;
  const heading = document.querySelector<HTMLElement>('main h1');
  if (!heading) return;
  heading.tabIndex = -1; // focusable by script only, never a Tab stop
  heading.focus();
}
