/**
 * What the judge's undo (issue 35) leaves on this phone between the outbox and the pages: the
 * project an undo gave back, until the live page shows it (every judge page goes there, and the
 * project the live page showed before left by the judge's own hand, not an organizer's); and the
 * action whose undo the server refused, whose banner goes although `GET /judge/undo` may still
 * list it (during deliberation, say); and the finish or skip that landed last, which the banner
 * offers until `GET /judge/undo` is read again.
 */
import type { JudgeReason, UndoableAction } from '@podium/protocol';
import { create } from 'zustand';

/** A finish or skip this phone saw land, `at` this phone's clock when its answer came. */
export interface LandedAction {
  projectId: string;
  action: UndoableAction['action'];
  /** A skip's reason (a Flag's too). */
  reason?: JudgeReason;
  at: number;
}

interface JudgeUndoState {
  givenBack: string | null;
  refused: string | null;
  /**
   * The finish or skip that landed last, for the banner until `GET /judge/undo` is read again (the
   * network may drop as it lands); null once an undo landed.
   */
  landed: LandedAction | null;
  /** An undo landed: the server gives the judge `projectId` again. */
  gaveBack: (projectId: string) => void;
  /**
   * The live page settled on `projectId`, or on no project (null: a blocked or failed screen, say
   * deliberation began meanwhile): nothing left to follow. True when this ended an undo's follow.
   */
  reached: (projectId: string | null) => boolean;
  /** The server refused to undo the action of `projectId`. */
  refuse: (projectId: string) => void;
  /**
   * The server's undo changed: a finish or skip landed (`landed`) and is the one to undo now, or
   * an undo used it up (none).
   */
  undoChanged: (landed?: LandedAction) => void;
  /** Logout: nothing of the judge stays on the phone. */
  forget: () => void;
}

const NOTHING = { givenBack: null, refused: null, landed: null } as const;

export const useJudgeUndoStore = create<JudgeUndoState>()((set, get) => ({
  ...NOTHING,
  gaveBack: (projectId) => set({ givenBack: projectId }),
  reached: (projectId) => {
    const { givenBack } = get();
    if (givenBack === null || (projectId !== null && projectId !== givenBack)) return false;
    set({ givenBack: null });
    return true;
  },
  refuse: (projectId) => set({ refused: projectId }),
  undoChanged: (landed) => set({ refused: null, landed: landed ?? null }),
  forget: () => set(NOTHING),
}));
