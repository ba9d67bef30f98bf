/**
 * The spec's alerts ('Project added successfully!', 'Please select an option.', ...) shown as
 * in-page notices instead of blocking `window.alert` dialogs, which are hostile on phones and
 * hide the page. Errors are announced assertively (role="alert"), successes politely.
 */
import { create } from 'zustand';

export type NoticeKind = 'success' | 'error';

export interface Notice {
  id: number;
  kind: NoticeKind;
  text: string;
}

/** Successes fade after this long; errors stay until dismissed. */
export const SUCCESS_NOTICE_MS = 5000;
/** At most this many notices are shown; older ones make room. */
const MAX_NOTICES = 4;

interface NoticeState {
  notices: Notice[];
  show: (kind: NoticeKind, text: string) => number;
  dismiss: (id: number) => void;
}

let nextId = 1;

export const useNoticeStore = create<NoticeState>()((set) => ({
  notices: [],
  show: (kind, text) => {
    const id = nextId++;
    set((state) => ({ notices: [...state.notices, { id, kind, text }].slice(-MAX_NOTICES) }));
    if (kind === 'success') setTimeout(() => useNoticeStore.getState().dismiss(id), SUCCESS_NOTICE_MS);
    return id;
  },
  dismiss: (id) => set((state) => ({ notices: state.notices.filter((n) => n.id !== id) })),
}));

/** Shows an alert of the spec; callable from stores and event handlers alike. */
export const notify = {
  success: (text: string) => useNoticeStore.getState().show('success', text),
  error: (text: string) => useNoticeStore.getState().show('error', text),
};
