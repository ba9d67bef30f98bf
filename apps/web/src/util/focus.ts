/**
 * Gives the focus to the heading of what the user sees when no control holds it: the control that
 * had it left the page (or was disabled), and the browser put it on the body, so the next Tab and a
 * screen reader would start again from the top of the page instead of from what it now shows. The
 * heading is the open popup's title (the page behind a modal popup is inert), else the page's
 * (its `main h1`). Never takes the focus from a control that holds it. `keepScroll`: the page stays
 * scrolled where it is (a popup always does).
 */
export function focusHeadingIfLost({ keepScroll = false } = {}): void {
  const active = document.activeElement;
  if (active !== null && active !== document.body) return;
  const popup = document.querySelector('dialog[open]');
  const heading = popup
    ? document.getElementById(popup.getAttribute('aria-labelledby') ?? '')
    : document.querySelector<HTMLElement>('main h1');
  if (!heading) return;
  heading.tabIndex = -1; // focusable by script only, never a Tab stop
  // A popup stays scrolled where it is: to the notice it just said, say (components/Notices.tsx).
  heading.focus({ preventScroll: keepScroll || popup !== null });
}

/** Set while a heading is owed the focus: see `oweHeadingFocus`. */
let owed = false;

/**
 * The control holding the focus is about to leave, or be disabled, with what the user asked (a
 * popup's Submit whose answer moves the page on): the heading of what shows once the answer is in
 * takes the focus (`takeOwedFocus`); on another page, its heading after the navigation
 * (`focusHeadingWhenShown`).
 */
export function oweHeadingFocus(): void {
  owed = true;
}

/** What the user waited for shows: its heading takes the focus owed to it, unless a control holds it. */
export function takeOwedFocus(): void {
  if (!owed) return;
  owed = false;
  focusHeadingIfLost();
}

/**
 * `focusHeadingIfLost` once the page shows its heading (now, or when its content arrives: a judge's
 * project once read), leaving the scroll to the navigation (the top, or where Back returns to);
 * returns what stops the wait, for a navigation that comes first.
 */
export function focusHeadingWhenShown(): () => void {
  owed = false; // the new page's heading is the one a Submit that led here was owed
  const shown = () => document.querySelector('main h1') !== null;
  if (shown()) {
    focusHeadingIfLost({ keepScroll: true });
    return () => {};
  }
  const watch = new MutationObserver(() => {
    if (!shown()) return;
    watch.disconnect();
    focusHeadingIfLost({ keepScroll: true });
  });
  watch.observe(document.body, { childList: true, subtree: true });
  return () => watch.disconnect();
}

/**
 * A control disabled while it holds the focus (a button waiting for its answer: Pause Judging, a
 * popup's Save, a setting's switch) drops the focus to the page's body (Chromium does, as the HTML
 * standard's focus fixup asks), where the next Enter does nothing and a screen reader starts again
 * from the top of the page. Once enabled again it takes the focus back, unless the focus went
 * elsewhere meanwhile or a heading is owed it (`oweHeadingFocus`). Installed once for the whole
 * app (main.tsx).
 */
export function keepFocusOnDisabledControls(): void {
  let waiting: HTMLElement | null = null;
  document.addEventListener('focusout', (event) => {
    const { target } = event;
    waiting =
      event.relatedTarget === null && target instanceof HTMLElement && target.matches(':disabled')
        ? target
        : null;
  });
  document.addEventListener('focusin', () => {
    waiting = null;
  });
  new MutationObserver(() => {
    if (!waiting || waiting.matches(':disabled')) return;
    const control = waiting;
    waiting = null;
    const active = document.activeElement;
    if (!owed && control.isConnected && (active === null || active === document.body))
      control.focus({ preventScroll: true });
  }).observe(document.body, { attributes: true, attributeFilter: ['disabled'], subtree: true });
}

/** An item's chosen radio button, else its first control. */
const chosenOrFirstControl = (item: Element) =>
  item.querySelector<HTMLElement>('input:checked') ??
  item.querySelector<HTMLElement>('input, button, textarea, select');

/**
 * The item of a list that held the focus (`items`' `at`, a criterion or a table's row) is gone,
 * deleted while the list showed, and the browser put the focus on the body: the item now in its
 * place (else the last) takes it, on the control `pick` names (its chosen radio button or else
 * its first control by default), so the user goes on where they were; with no item left, the
 * heading (`focusHeadingIfLost`).
 */
export function focusInPlaceOfRemoved(
  items: readonly Element[],
  at: number,
  pick: (item: Element) => HTMLElement | null | undefined = chosenOrFirstControl,
): void {
  const active = document.activeElement;
  if (active !== null && active !== document.body) return;
  const item = items[Math.min(at, items.length - 1)];
  const control = item && pick(item);
  if (control) control.focus();
  else focusHeadingIfLost();
}
