/**
 * What the judge's undo (issue 35) leaves on this phone between the outbox and the pages: the
 * project an undo gave back, until the live page shows it (every judge page goes there, and the
 * project the live page showed before left by the judge's own hand, not an organizer's); the
 * action whose undo the server refused, whose banner goes although `GET /judge/undo` may still
 * list it (during deliberation, say); and the words of the last finish, which its undo gives back.
 */
import { create } from 'zustand';

/** The judge's words a finish sends. */
export interface FinishedWords {
  notes: string;
  feedback: string;
}

/** The last finish that landed, while it is the server's action to undo (memory only). */
export type LastFinish = (FinishedWords & { projectId: string }) | null;

interface JudgeUndoState {
  givenBack: string | null;
  refused: string | null;
  lastFinish: LastFinish;
  /** An undo landed: the server gives the judge `projectId` again. */
  gaveBack: (projectId: string) => void;
  /**
   * The live page settled on `projectId`, or on no project (null: a blocked or failed screen, say
   * deliberation began meanwhile): nothing left to follow.
   */
  reached: (projectId: string | null) => void;
  /** The server refused to undo the action of `projectId`. */
  refuse: (projectId: string) => void;
  /**
   * The server's undo changed: a finish (with its words) or a skip (null) landed and is the one
   * to undo now, or an undo (null) used it up.
   */
  undoChanged: (lastFinish: LastFinish) => void;
  /** Logout: nothing of the judge stays on the phone. */
  forget: () => void;
}

const NOTHING = { givenBack: null, refused: null, lastFinish: null } as const;

export const useJudgeUndoStore = create<JudgeUndoState>()((set, get) => ({
  ...NOTHING,
  gaveBack: (projectId) => set({ givenBack: projectId }),
  reached: (projectId) => {
    const { givenBack } = get();
    if (givenBack !== null && (projectId === null || projectId === givenBack)) set({ givenBack: null });
  },
  refuse: (projectId) => set({ refused: projectId }),
  undoChanged: (lastFinish) => set({ refused: null, lastFinish }),
  forget: () => set(NOTHING),
}));
