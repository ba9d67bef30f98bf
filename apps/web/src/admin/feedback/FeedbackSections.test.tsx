import type { FeedbackEntry, FeedbackList } from '@podium/protocol';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { click, jsonResponse, render } from '../../test/render';
import { useNoticeStore } from '../../stores/notice.store';
import { FeedbackProjects, FeedbackRelease } from './FeedbackSections';

afterEach(() => vi.unstubAllGlobals());

/** Waits for `check` inside act(), so the answers arriving meanwhile render as in the browser. */
const waitFor = (check: () => void) => act(() => vi.waitFor(check));

function entry(judge: string, project: string, table: number, hidden = false): FeedbackEntry {
  return {
    judge_id: `j${judge}`,
    judge_name: judge,
    project_id: `p${project}`,
    project_name: project,
    table,
    text: `${judge}: nice ${project}\nsecond line`,
    hidden,
    set_aside: false,
    time: 1000,
  };
}

const LIST: FeedbackList = {
  released: false,
  feedback: [entry('Ada', 'Kiln', 1), entry('Bob', 'Kiln', 1, true), entry('Ada', 'Mesh', 2)],
};

/** Records each request and answers it with `answer`. */
function stubFetch(answer: () => Response) {
  const sent: { method: string; url: string; body: unknown }[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    sent.push({
      method: init?.method ?? 'GET',
      url: String(input),
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
    });
    return answer();
  });
  return sent;
}

const buttonNamed = (container: HTMLElement, name: string) =>
  [...container.querySelectorAll('button')].find((button) => button.textContent === name) ?? null;

describe('the feedback page (issue 35)', () => {
  it('lists each project’s feedback by table, with its judge and a Hide or Show button', async () => {
    const view = await render(<FeedbackProjects list={LIST} />);
    expect([...view.querySelectorAll('h2')].map((h) => h.textContent)).toEqual([
      'Table 1: Kiln',
      'Table 2: Mesh',
    ]);
    expect(view.querySelector('[role="status"]')?.textContent).toBe(
      '3 feedback texts for 2 projects, 1 hidden from its team.',
    );
    const items = [...view.querySelectorAll('li')].map((li) => li.textContent);
    expect(items).toEqual([
      'AdaAda: nice Kiln\nsecond lineHide Ada’s feedback for Kiln',
      'BobHidden from the teamBob: nice Kiln\nsecond lineShow Bob’s feedback for Kiln',
      'AdaAda: nice Mesh\nsecond lineHide Ada’s feedback for Mesh',
    ]);
  });

  it('hides one feedback with PUT /admin/feedback/:judge/:project and says so', async () => {
    const sent = stubFetch(() => jsonResponse({ ok: 1 }));
    const view = await render(<FeedbackProjects list={LIST} />);
    await click(buttonNamed(view, 'Hide Ada’s feedback for Kiln'));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({ method: 'PUT', url: '/api/admin/feedback/jAda/pKiln', body: { hidden: true } });
    await waitFor(() =>
      expect(useNoticeStore.getState().notices.map((n) => n.text)).toContain(
        'Feedback hidden from its team.',
      ),
    );
  });

  it('shows the server’s refusal', async () => {
    stubFetch(() => jsonResponse({ error: 'feedback not found' }, 404));
    const view = await render(<FeedbackProjects list={LIST} />);
    await click(buttonNamed(view, 'Show Bob’s feedback for Kiln'));
    await waitFor(() =>
      expect(useNoticeStore.getState().notices.map((n) => n.text)).toContain('feedback not found'),
    );
  });

  it('releases with POST /admin/options {feedback_released}, and says what the switch means', async () => {
    const sent = stubFetch(() => jsonResponse({ ok: 1 }));
    const view = await render(<FeedbackRelease list={LIST} />);
    expect(view.querySelector('.field__hint')?.textContent).toBe('Not released: teams see nothing yet.');
    const toggle = view.querySelector<HTMLInputElement>('input[role="switch"]');
    expect(toggle?.checked).toBe(false);
    await click(toggle);
    await waitFor(() => expect(sent[0]).toBeDefined());
    expect(sent[0]).toMatchObject({
      method: 'POST',
      url: '/api/admin/options',
      body: { feedback_released: true },
    });
  });
});
