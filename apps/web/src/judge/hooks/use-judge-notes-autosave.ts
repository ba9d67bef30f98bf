/**
 * Notes autosave of the project page (product spec §4): saves 1 s after typing stops. Leaving
 * the page, or the tab being hidden or closed, saves at once, so no keystroke is lost; the save
 * itself goes through the persistent outbox.
 */
import { useCallback, useEffect, useRef, useState } from 'react';

export const NOTES_AUTOSAVE_MS = 1_000;

export interface NotesAutosave {
  /** Notes changed: save them once typing stops. */
  schedule: (notes: string) => void;
  /** Typed text not handed to the outbox yet. */
  dirty: boolean;
}

export function useJudgeNotesAutosave(
  projectId: string,
  save: (projectId: string, notes: string) => void,
): NotesAutosave {
  const pending = useRef<{ projectId: string; notes: string } | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const saveRef = useRef(save);
  const [dirty, setDirty] = useState(false);

  useEffect(() => {
    saveRef.current = save;
  }, [save]);

  const flush = useCallback(() => {
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = null;
    const change = pending.current;
    pending.current = null;
    setDirty(false);
    if (change) saveRef.current(change.projectId, change.notes);
  }, []);

  const schedule = useCallback(
    (notes: string) => {
      pending.current = { projectId, notes };
      setDirty(true);
      if (timer.current !== null) clearTimeout(timer.current);
      timer.current = setTimeout(flush, NOTES_AUTOSAVE_MS);
    },
    [projectId, flush],
  );

  useEffect(() => {
    const onHide = () => {
      if (document.visibilityState === 'hidden') flush();
    };
    window.addEventListener('pagehide', flush);
    document.addEventListener('visibilitychange', onHide);
    return () => {
      window.removeEventListener('pagehide', flush);
      document.removeEventListener('visibilitychange', onHide);
      flush(); // leaving the page (or another project): save what was typed
    };
  }, [projectId, flush]);

  return { schedule, dirty };
}
