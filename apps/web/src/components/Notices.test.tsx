import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notify, SUCCESS_NOTICE_MS, useNoticeStore } from '../stores/notice.store';
import { useState } from 'react';
import { cleanupRendered, click, render } from '../test/render';
import { DialogNotices, Notices, ScopedNotices } from './Notices';

afterEach(async () => {
  await cleanupRendered();
  vi.useRealTimers();
  useNoticeStore.setState({ notices: [], dialogsShowing: 0, hostedScopes: {} });
});

/** A form hosting its scope's notices until its close button is pressed. */
function FormThatCloses() {
  const [open, setOpen] = useState(true);
  if (!open) return null;
  return (
    <>
      <button type="button" className="close-form" onClick={() => setOpen(false)} />
      <ScopedNotices scope="add-judge" />
    </>
  );
}

const texts = (container: HTMLElement) =>
  [...container.querySelectorAll('.notice__text')].map((element) => element.textContent);

describe('Notices', () => {
  it('lets successes fade after a while, but not while hovered or focused; errors stay', async () => {
    vi.useFakeTimers();
    const container = await render(<Notices />);
    await act(async () => {
      notify.success('Judge added successfully!');
      notify.error('invalid email: a@');
    });
    const success = container.querySelector('.notice--success') as HTMLElement;
    await act(async () => success.dispatchEvent(new MouseEvent('mouseover', { bubbles: true })));
    await act(async () => vi.advanceTimersByTime(SUCCESS_NOTICE_MS * 2));
    expect(texts(container)).toEqual(['Judge added successfully!', 'invalid email: a@']);

    await act(async () => success.dispatchEvent(new MouseEvent('mouseout', { bubbles: true })));
    await act(async () => vi.advanceTimersByTime(SUCCESS_NOTICE_MS - 1));
    expect(texts(container)).toHaveLength(2);
    await act(async () => vi.advanceTimersByTime(1));
    expect(texts(container)).toEqual(['invalid email: a@']);
  });

  it('shows the notices once: inside an open dialog, not behind it', async () => {
    const page = await render(<Notices />);
    await act(async () => notify.error('Please select an option.'));
    expect(texts(page)).toEqual(['Please select an option.']);
    const dialog = await render(<DialogNotices />);
    expect(texts(dialog)).toEqual(['Please select an option.']);
    expect(texts(page)).toEqual([]);
  });

  it("shows a form's notices in the form while it is mounted, and floating once it is gone", async () => {
    const page = await render(<Notices />);
    const form = await render(<FormThatCloses />);
    await act(async () => {
      notify.error('Name and email are required', 'add-judge');
      notify.success('Tracks updated!');
    });
    expect(texts(form)).toEqual(['Name and email are required']);
    expect(texts(page)).toEqual(['Tracks updated!']);
    await click(form.querySelector('button.close-form'));
    expect(texts(form)).toEqual([]);
    expect(texts(page)).toEqual(['Name and email are required', 'Tracks updated!']);
  });
});
