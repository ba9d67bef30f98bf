/**
 * The spec's alerts ('Project added successfully!', 'Please select an option.', ...) shown as
 * in-page notices instead of blocking `window.alert` dialogs, which are hostile on phones and
 * hide the page. Errors are announced assertively (role="alert"), successes politely.
 *
 * The same text never shows twice: showing it again brings the one shown to the end. A notice may
 * name its `scope` (one form); a form's new notice replaces its older errors (its latest problem is
 * the one that counts, so errors do not pile up), and a success clears them. A form that shows its
 * scope's notices itself (`ScopedNotices`, in the page's flow under its button) hosts the scope:
 * the floating notices then leave them out, so they never cover the form they are about.
 */
import { create } from 'zustand';

export type NoticeKind = 'success' | 'error';

export interface Notice {
  id: number;
  kind: NoticeKind;
  text: string;
  /** The form it is about, if any. */
  scope?: string;
}

/** Successes fade after this long (the timer waits while the notice is hovered or focused). */
export const SUCCESS_NOTICE_MS = 5000;
/** At most this many notices are shown; older ones make room. */
const MAX_NOTICES = 4;

interface NoticeState {
  notices: Notice[];
  /** The id the next notice gets. */
  nextId: number;
  /** Open dialogs that repeat the notices inside them: the page's own copy then hides. */
  dialogsShowing: number;
  /** Scopes shown in their form, with how many hosts each has mounted. */
  hostedScopes: Readonly<Record<string, number>>;
  show: (kind: NoticeKind, text: string, scope?: string) => number;
  dismiss: (id: number) => void;
  /** Removes the errors of one form, e.g. once it succeeded or is submitted again. */
  dismissErrors: (scope: string) => void;
  dialogShowing: (delta: 1 | -1) => void;
  hostScope: (scope: string, delta: 1 | -1) => void;
}

/**
 * Pure: the notices after showing one; it replaces its scope's errors, a repeat moves to the end,
 * and a success replaces the successes before it: successes a judge makes in quick succession
 * (skip, finish, save) stacked up to four notices high, over the middle of a phone's screen.
 */
export function withNotice(notices: readonly Notice[], notice: Notice): Notice[] {
  const kept = notices.filter(
    (n) =>
      n.text !== notice.text &&
      !(notice.scope !== undefined && n.kind === 'error' && n.scope === notice.scope) &&
      !(notice.kind === 'success' && n.kind === 'success'),
  );
  return [...kept, notice].slice(-MAX_NOTICES);
}

export const useNoticeStore = create<NoticeState>()((set, get) => ({
  notices: [],
  nextId: 1,
  dialogsShowing: 0,
  hostedScopes: {},
  show: (kind, text, scope) => {
    const id = get().nextId;
    set((state) => ({ nextId: id + 1, notices: withNotice(state.notices, { id, kind, text, scope }) }));
    return id;
  },
  dismiss: (id) => set((state) => ({ notices: state.notices.filter((n) => n.id !== id) })),
  dismissErrors: (scope) =>
    set((state) => ({ notices: state.notices.filter((n) => !(n.kind === 'error' && n.scope === scope)) })),
  dialogShowing: (delta) => set((state) => ({ dialogsShowing: Math.max(0, state.dialogsShowing + delta) })),
  hostScope: (scope, delta) =>
    set((state) => ({
      hostedScopes: { ...state.hostedScopes, [scope]: Math.max(0, (state.hostedScopes[scope] ?? 0) + delta) },
    })),
}));

/** Shows an alert of the spec; callable from stores and event handlers alike. */
export const notify = {
  success: (text: string, scope?: string) => useNoticeStore.getState().show('success', text, scope),
  error: (text: string, scope?: string) => useNoticeStore.getState().show('error', text, scope),
};
