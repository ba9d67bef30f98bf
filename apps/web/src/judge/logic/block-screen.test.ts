import { describe, expect, it } from 'vitest';
import { blockScreen } from './block-screen';

describe('blockScreen', () => {
  it.each(['paused', 'deliberation', 'track-disabled'] as const)('%s shows Judging Paused', (reason) => {
    for (const track of [false, true]) {
      const screen = blockScreen(reason, track);
      expect(screen.title).toBe('Judging Paused');
      expect(screen.text).toBe(
        'Judging either has not started or is paused. If you think this is an error, please let an event organizer know.',
      );
    }
  });

  it('a hidden judge sees that the account is disabled', () => {
    expect(blockScreen('hidden', false)).toMatchObject({
      title: 'Your judging account is currently disabled',
      text: 'Please contact an organizer to enable your account to continue judging.',
    });
  });

  it('no projects: the judge is early', () => {
    const screen = blockScreen('no-projects', true);
    expect(screen.title).toBe('There are no projects to judge');
    expect(screen.text).toContain("You're early!");
  });

  it('done depends on the kind of judge', () => {
    expect(blockScreen('done', false).title).toBe("You've seen all the projects!");
    const track = blockScreen('done', true);
    expect(track.title).toBe('Judging is complete for your track!');
    expect(track.text).toMatch(/star your favourite projects/i);
    expect(track.text).toMatch(/other judges of your track/);
  });
});
