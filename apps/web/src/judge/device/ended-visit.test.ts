import { beforeEach, describe, expect, it } from 'vitest';
import { draftKeys, loadDoneChoices, loadDraft, saveDoneChoices, saveDraft } from './drafts';
import { giveEndedVisitBack, setEndedVisitAside } from './ended-visit';
import { forgetJudgeOnDevice } from './forget-judge';
import { timerKey } from './visit-timer';

const TIMER = '{"status":"running","durationMs":300000,"elapsedMs":60000,"savedAt":1}';

/** What a flagged visit of `project` leaves: notes, a star and a score, a running timer. */
function typed(project: string): void {
  saveDraft('notes', 'j1', project, `notes of ${project}`);
  saveDoneChoices('j1', project, { starred: true, given: { c1: { score: 4, scale: 5 } } });
  window.localStorage.setItem(timerKey('j1', project), TIMER);
}

const asideKeys = (project: string) => [...draftKeys('j1', project), timerKey('j1', project)];

describe("the ended visit's drafts and timer", () => {
  beforeEach(() => window.localStorage.clear());

  it('are set aside at the end, so a project given again without an undo starts afresh', () => {
    typed('p1');
    setEndedVisitAside('j1', 'p1', asideKeys('p1'));
    expect(loadDraft('notes', 'j1', 'p1')).toBe('');
    expect(loadDoneChoices('j1', 'p1')).toEqual({ starred: false, given: {} });
    expect(window.localStorage.getItem(timerKey('j1', 'p1'))).toBeNull();
  });

  it("come back at the visit's undo, each as it was", () => {
    typed('p1');
    setEndedVisitAside('j1', 'p1', asideKeys('p1'));
    giveEndedVisitBack('j1', 'p1');
    expect(loadDraft('notes', 'j1', 'p1')).toBe('notes of p1');
    expect(loadDoneChoices('j1', 'p1')).toEqual({ starred: true, given: { c1: { score: 4, scale: 5 } } });
    expect(window.localStorage.getItem(timerKey('j1', 'p1'))).toBe(TIMER);
    // Given back once: a second call finds nothing to give.
    saveDraft('notes', 'j1', 'p1', '');
    giveEndedVisitBack('j1', 'p1');
    expect(loadDraft('notes', 'j1', 'p1')).toBe('');
  });

  it('never overwrite what the judge typed since, nor reach another project', () => {
    typed('p1');
    setEndedVisitAside('j1', 'p1', asideKeys('p1'));
    giveEndedVisitBack('j1', 'p2');
    expect(loadDraft('notes', 'j1', 'p2')).toBe('');
    saveDraft('notes', 'j1', 'p1', 'typed after');
    giveEndedVisitBack('j1', 'p1');
    expect(loadDraft('notes', 'j1', 'p1')).toBe('typed after');
    expect(loadDoneChoices('j1', 'p1').starred).toBe(true);
  });

  it("go at the next visit's end, which replaces the undo", () => {
    typed('p1');
    setEndedVisitAside('j1', 'p1', asideKeys('p1'));
    typed('p2');
    setEndedVisitAside('j1', 'p2', asideKeys('p2'));
    giveEndedVisitBack('j1', 'p1');
    expect(loadDraft('notes', 'j1', 'p1')).toBe('');
    giveEndedVisitBack('j1', 'p2');
    expect(loadDraft('notes', 'j1', 'p2')).toBe('notes of p2');
  });

  it('go with the judge at logout', () => {
    typed('p1');
    setEndedVisitAside('j1', 'p1', asideKeys('p1'));
    forgetJudgeOnDevice('j1');
    expect(window.localStorage.length).toBe(0);
  });
});
