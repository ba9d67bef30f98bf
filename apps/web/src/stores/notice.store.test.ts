import { afterEach, describe, expect, it, vi } from 'vitest';
import { notify, SUCCESS_NOTICE_MS, useNoticeStore } from './notice.store';

afterEach(() => {
  vi.useRealTimers();
  useNoticeStore.setState({ notices: [] });
});

describe('notices', () => {
  it('shows successes for a while and errors until dismissed', () => {
    vi.useFakeTimers();
    notify.success('Project added successfully!');
    const errorId = notify.error('Name and email are required');
    expect(useNoticeStore.getState().notices.map((n) => [n.kind, n.text])).toEqual([
      ['success', 'Project added successfully!'],
      ['error', 'Name and email are required'],
    ]);
    vi.advanceTimersByTime(SUCCESS_NOTICE_MS);
    expect(useNoticeStore.getState().notices.map((n) => n.text)).toEqual(['Name and email are required']);
    useNoticeStore.getState().dismiss(errorId);
    expect(useNoticeStore.getState().notices).toEqual([]);
  });

  it('keeps only the newest few', () => {
    for (let i = 0; i < 6; i += 1) notify.error(`e${i}`);
    expect(useNoticeStore.getState().notices.map((n) => n.text)).toEqual(['e2', 'e3', 'e4', 'e5']);
  });
});
