import type { JudgeVisits } from '@podium/protocol';
import { endpoints } from '@podium/protocol';
import { act } from 'react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { endpointKey, queryClient } from '../../queries/query-client';
import { click, jsonResponse, render } from '../../test/render';
import { useDashboardDialogStore } from '../stores/dashboard-dialog.store';
import { JudgeVisitsDialog } from './ReplaceJudgeDialogs';
import { makeJudge } from './test-fixtures';

// jsdom has no dialog.close(): the browser's, closing and telling the page (its `close` event).
beforeAll(() => {
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
});
afterAll(() => {
  Reflect.deleteProperty(HTMLDialogElement.prototype, 'close');
});

afterEach(async () => {
  vi.unstubAllGlobals();
  await act(async () => useDashboardDialogStore.getState().close());
});

/** Waits for `check` inside act(), so the answers arriving meanwhile render as in the browser. */
const waitFor = (check: () => void) => act(() => vi.waitFor(check));

const VISITS: JudgeVisits = {
  judge_id: 'ada',
  visits: [
    {
      project_id: 'kiln',
      name: 'Kiln',
      location: 1,
      started_at: 0,
      ended_at: 60_000,
      outcome: 'finished',
      reason: '',
    },
    {
      project_id: 'mesh',
      name: 'Mesh',
      location: 2,
      started_at: 70_000,
      ended_at: 80_000,
      outcome: 'skipped',
      reason: 'busy',
    },
    {
      project_id: 'orbit',
      name: 'Orbit',
      location: 3,
      started_at: 90_000,
      ended_at: null,
      outcome: 'current',
      reason: '',
    },
  ],
};

/** The visits dialog of Ada open over the answers the server gave; `write` answers every write. */
async function openVisits(write: () => Response) {
  const sent: string[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    if (method !== 'GET') {
      sent.push(`${method} ${String(input)}`);
      return write();
    }
    return String(input).endsWith('/visits')
      ? jsonResponse(VISITS)
      : jsonResponse([makeJudge('ada', { name: 'Ada' })]);
  });
  queryClient.setQueryData(endpointKey(endpoints.judgeList), [makeJudge('ada', { name: 'Ada' })]);
  const view = await render(<JudgeVisitsDialog />);
  await act(async () => useDashboardDialogStore.getState().open({ kind: 'judge-visits', id: 'ada' }));
  await waitFor(() => expect(view.querySelectorAll('tbody tr')).toHaveLength(3));
  return { view, sent };
}

const dialogTitled = (view: HTMLElement, title: string) =>
  [...view.querySelectorAll('dialog[open]')].find((d) => d.querySelector('h2')?.textContent === title) ??
  null;
const button = (within: Element | null, name: string) =>
  [...(within?.querySelectorAll('button') ?? [])].find((b) => b.textContent === name) ?? null;

describe('removing a view from the visits dialog (issue 35)', () => {
  it('offers the removal on finished visits only, and asks first, saying what goes', async () => {
    const { view } = await openVisits(() => jsonResponse({ ok: 1 }));
    const rows = [...view.querySelectorAll('tbody tr')];
    expect(rows.map((row) => row.querySelector('button')?.getAttribute('aria-label') ?? null)).toEqual([
      'Remove view of Kiln…',
      null,
      null,
    ]);
    await click(button(rows[0] ?? null, 'Remove view…'));
    const question = dialogTitled(view, 'Remove View');
    expect(question?.querySelector('p')?.textContent).toBe(
      "The view of Kiln by Ada is removed: its ranking place, star, scores and feedback go, and the project's counts are recomputed. The judge may be given the project again.",
    );
    // Cancelling closes the question only: the visits stay open.
    await click(button(question, 'Cancel'));
    expect(dialogTitled(view, 'Remove View')).toBeNull();
    expect(dialogTitled(view, 'Visits of Ada')).not.toBeNull();
  });

  it('sends DELETE /admin/judge/:id/views/:project on confirmation, and keeps a refusal inside the question', async () => {
    let answer = jsonResponse({ error: 'project not found' }, 404);
    const { view, sent } = await openVisits(() => answer);
    await click(button(view.querySelector('tbody tr'), 'Remove view…'));
    await click(button(dialogTitled(view, 'Remove View'), 'Remove view'));
    await waitFor(() =>
      expect(dialogTitled(view, 'Remove View')?.textContent).toContain('project not found'),
    );
    answer = jsonResponse({ ok: 1 });
    await click(button(dialogTitled(view, 'Remove View'), 'Remove view'));
    await waitFor(() => expect(dialogTitled(view, 'Remove View')).toBeNull());
    expect(sent).toEqual([
      'DELETE /api/admin/judge/ada/views/kiln',
      'DELETE /api/admin/judge/ada/views/kiln',
    ]);
    expect(dialogTitled(view, 'Visits of Ada')).not.toBeNull();
  });
});
