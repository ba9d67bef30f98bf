import type { ProjectSummary } from '@podium/protocol';
import { JUDGE_HIDDEN } from '@podium/protocol';
import { describe, expect, it } from 'vitest';
import type { LiveInputs } from './use-judge-live';
import { liveScreen } from './use-judge-live';

const summary: ProjectSummary = {
  id: 'p1',
  area: '',
  name: 'Rover',
  description: '',
  url: '',
  try_link: '',
  video_link: '',
  challenge_list: [],
  location: 4,
  group: 0,
};

const ok = <const T>(data: T) => ({ data, error: '' });
const none = { data: undefined, error: '' };
const failed = (error: string) => ({ data: undefined, error });

/** A judge holding p1, the clock running, no deliberation, every answer in. */
const holding: LiveInputs = {
  ending: null,
  visitEnd: 'none',
  self: ok({ active: true, current: 'p1' }),
  deliberation: ok({ ok: 0 }),
  timer: ok({ judging_timer: 300 }),
  started: ok({ ok: 1 }),
  project: ok(summary),
  next: none,
};
const free: LiveInputs = { ...holding, self: ok({ active: true, current: null }), project: none };

describe('liveScreen (the start flow of spec §4 over the kept answers)', () => {
  it('shows the held project, even while the clock is paused (R23) and without /admin/started', () => {
    expect(liveScreen(holding)).toEqual({ phase: 'judging', project: summary });
    expect(liveScreen({ ...holding, started: ok({ ok: 0 }) })).toMatchObject({ phase: 'judging' });
    expect(liveScreen({ ...holding, started: none })).toMatchObject({ phase: 'judging' });
  });

  it('deliberation shows Judging Paused over a held project; a disabled account outranks it', () => {
    expect(liveScreen({ ...holding, deliberation: ok({ ok: 1 }) })).toEqual({
      phase: 'blocked',
      block: 'deliberation',
    });
    const hidden = { ...holding, self: ok({ active: false, current: 'p1' }), deliberation: ok({ ok: 1 }) };
    expect(liveScreen(hidden)).toEqual({ phase: 'blocked', block: 'hidden' });
  });

  it('without a project: paused when the clock is, else what POST /judge/next answered', () => {
    expect(liveScreen({ ...free, started: ok({ ok: 0 }) })).toEqual({ phase: 'blocked', block: 'paused' });
    expect(liveScreen(free)).toEqual({ phase: 'loading' });
    expect(liveScreen({ ...free, next: ok({ reason: 'done' as const }) })).toEqual({
      phase: 'blocked',
      block: 'done',
    });
    expect(liveScreen({ ...free, next: failed(JUDGE_HIDDEN) })).toEqual({
      phase: 'blocked',
      block: 'hidden',
    });
    // A project given becomes GET /judge's `current`; until then the page waits for it.
    expect(liveScreen({ ...free, next: ok({ project_id: 'p2' }) })).toEqual({ phase: 'loading' });
  });

  it('a finish or skip still on the phone: waiting when it failed on the network, loading while sent', () => {
    expect(liveScreen({ ...holding, visitEnd: 'offline' })).toEqual({ phase: 'blocked', block: 'waiting' });
    expect(liveScreen({ ...holding, visitEnd: 'sending' })).toEqual({ phase: 'loading' });
  });

  it('the judge’s own finish or skip on its way: the project it ends stays on screen, whatever else changed', () => {
    const ending = { ...holding, ending: summary };
    expect(liveScreen({ ...ending, visitEnd: 'sending' })).toEqual({ phase: 'judging', project: summary });
    expect(liveScreen({ ...ending, visitEnd: 'offline' })).toEqual({ phase: 'judging', project: summary });
    // Its landing cleared `current` before the page heard the answer.
    expect(liveScreen({ ...free, ending: summary })).toEqual({ phase: 'judging', project: summary });
  });

  it('loading until the answers are in; an error only for an answer that failed with nothing kept', () => {
    expect(liveScreen({ ...holding, timer: none })).toEqual({ phase: 'loading' });
    expect(liveScreen({ ...holding, self: failed('Network error') })).toEqual({
      phase: 'error',
      error: 'Network error',
    });
    // A failed refetch keeps the kept answer on screen (poor Wi-Fi, or offline).
    const kept = { ...holding, project: { data: summary, error: 'Network error' } };
    expect(liveScreen(kept)).toMatchObject({ phase: 'judging' });
    expect(liveScreen({ ...holding, project: failed('project not found') })).toEqual({
      phase: 'error',
      error: 'project not found',
    });
  });
});
