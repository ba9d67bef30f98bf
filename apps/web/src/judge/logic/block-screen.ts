/**
 * What /judge/live shows instead of a project (product spec §2 "Live judging", API.md R15): each
 * reason `POST /judge/next` can give, plus a hidden judge, mapped to one blocking screen.
 */
import type { NextReason } from '@podium/protocol';

/**
 * Why no project is shown: a reason of R15, a hidden (disabled) judge account (R4), or a finish
 * or skip saved on the phone and not sent yet (`waiting`): the next project needs the server.
 */
export type BlockReason = NextReason | 'hidden' | 'waiting';

export type BlockScreenId = 'paused' | 'hidden' | 'no-projects' | 'done' | 'track-done' | 'waiting';

export interface BlockScreen {
  id: BlockScreenId;
  title: string;
  text: string;
}

const PAUSED: BlockScreen = {
  id: 'paused',
  title: 'Judging Paused',
  text: 'Judging either has not started or is paused. If you think this is an error, please let an event organizer know.',
};

const SCREENS: Record<Exclude<BlockScreenId, 'paused'>, BlockScreen> = {
  hidden: {
    id: 'hidden',
    title: 'Your judging account is currently disabled',
    text: 'Please contact an organizer to enable your account to continue judging.',
  },
  'no-projects': {
    id: 'no-projects',
    title: 'There are no projects to judge',
    text: "You're early! The organizers have not added any projects for you yet. Check back in a few minutes.",
  },
  done: {
    id: 'done',
    title: "You've seen all the projects!",
    text: 'Thank you for judging. Go back to your dashboard to finish ranking the projects you have seen.',
  },
  waiting: {
    id: 'waiting',
    title: 'Saved on this phone',
    text: 'Your last project is saved on this phone and will be sent when you are back online. The next project comes once the phone is back online.',
  },
  'track-done': {
    id: 'track-done',
    title: 'Judging is complete for your track!',
    text: 'Star your favourite projects on your dashboard, then meet the other judges of your track to decide the winners together.',
  },
};

/**
 * The screen of a reason. Paused covers `deliberation` and `track-disabled` too: its text
 * already asks the judge to tell an organizer (R15).
 */
export function blockScreen(reason: BlockReason, isTrackJudge: boolean): BlockScreen {
  switch (reason) {
    case 'paused':
    case 'deliberation':
    case 'track-disabled':
      return PAUSED;
    case 'hidden':
      return SCREENS.hidden;
    case 'waiting':
      return SCREENS.waiting;
    case 'no-projects':
      return SCREENS['no-projects'];
    case 'done':
      return isTrackJudge ? SCREENS['track-done'] : SCREENS.done;
  }
}
