import { afterEach, describe, expect, it } from 'vitest';
import { notify, useNoticeStore } from './notice.store';

afterEach(() => useNoticeStore.setState({ notices: [] }));

const shown = () => useNoticeStore.getState().notices.map((n) => [n.kind, n.text]);

describe('notices', () => {
  it('shows errors until dismissed', () => {
    const id = notify.error('Name and email are required');
    expect(shown()).toEqual([['error', 'Name and email are required']]);
    useNoticeStore.getState().dismiss(id);
    expect(shown()).toEqual([]);
  });

  it('keeps only the newest few', () => {
    for (let i = 0; i < 6; i += 1) notify.error(`e${i}`);
    expect(useNoticeStore.getState().notices.map((n) => n.text)).toEqual(['e2', 'e3', 'e4', 'e5']);
  });

  it('never shows the same text twice: a repeat moves to the end', () => {
    notify.error('Network connection issue');
    notify.success('Saved');
    notify.error('Network connection issue');
    expect(shown()).toEqual([
      ['success', 'Saved'],
      ['error', 'Network connection issue'],
    ]);
  });

  it("clears a form's stale errors when that form succeeds, and only that form's", () => {
    notify.error('invalid email: a@', 'judge-form');
    notify.error('CSV file has no rows', 'csv-form');
    notify.success('Judge added successfully!', 'judge-form');
    expect(shown()).toEqual([
      ['error', 'CSV file has no rows'],
      ['success', 'Judge added successfully!'],
    ]);
    useNoticeStore.getState().dismissErrors('csv-form');
    expect(shown()).toEqual([['success', 'Judge added successfully!']]);
  });

  it("keeps only a form's latest error: a new refusal replaces the last one", () => {
    notify.error('Network connection issue');
    notify.error('invalid email: one@', 'judge-form');
    notify.error('invalid email: two@', 'judge-form');
    expect(shown()).toEqual([
      ['error', 'Network connection issue'],
      ['error', 'invalid email: two@'],
    ]);
  });

  it('shows one success at a time: a new one replaces the last, errors stay', () => {
    notify.success('Skipped Braille Buddy.');
    notify.error('Network connection issue');
    notify.success('Finished Kelp Quantum.');
    expect(shown()).toEqual([
      ['error', 'Network connection issue'],
      ['success', 'Finished Kelp Quantum.'],
    ]);
  });
});
