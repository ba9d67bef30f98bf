/**
 * Whether the server chose as the engine would have: before each of the server's choices, the
 * engine's R6–R12 (`candidatesFor`) runs on the simulation's own state of the expo (views, holds,
 * what each judge dealt with, where it stands, the layout when the scenario gives it). A choice
 * outside those candidates means the server saw another event than the engine would (stale
 * views, holds, positions). The metres a choice walks beyond the nearest candidate while they are
 * short of min_views (by the engine's own distance: table numbers unless it is given the layout)
 * are counted for the engine in process too: R13 prefers a table ahead, the area rule another
 * room, so neither is zero; the server's should match the engine's. Once the candidates have
 * min_views, R13 weighs them by the rank_score estimate: a second engine in process, fed the same
 * calls, says what it would have chosen, so a stale or different estimate on the server shows as
 * choices that differ (the engine checked against itself differs only where two candidates tie).
 */
import { walkingDistance } from '@podium/protocol';
import { candidatesFor } from '../../apps/server/src/judging/assignment.js';
import {
  EXPO_OPTIONS,
  EngineInProcess,
  MIN_VIEWS,
  type Expo,
  type Judging,
  type SimJudge,
  type SimProject,
} from '../judging/expo.js';

export interface Agreement {
  choices: number;
  /** Choices outside the engine's candidates. */
  outside: number;
  /** Metres beyond the nearest candidate, while the candidates were short of min_views. */
  extraMetres: number;
  /** Choices among candidates that all had min_views (R13 by the estimate)... */
  informed: number;
  /** ... and those where the engine in process would have chosen another project. */
  informedOther: number;
}

/** `judging`, with each of its choices checked against the engine on the simulation's state. */
export function checked(expo: Expo, judging: Judging): { judging: Judging; agreement: Agreement } {
  const agreement: Agreement = { choices: 0, outside: 0, extraMetres: 0, informed: 0, informedOther: 0 };
  const engine = new EngineInProcess(expo, 'podium');
  const snapshot = {
    projects: expo.projects,
    judges: expo.judges,
    options: EXPO_OPTIONS,
    ...(expo.scenario.engineKnowsLayout === true && { positions: expo.positions }),
  };
  const distance = (from: number, to: number) => walkingDistance(snapshot.positions ?? new Map(), from, to);
  const check = (judge: SimJudge, chosen: string, engineChoice: string | undefined) => {
    const found = candidatesFor(snapshot, {
      judge,
      dealtWith: judge.dealtWith,
      lastLocation: judge.lastLocation,
    });
    if (!('candidates' in found)) return;
    const candidates = found.candidates as SimProject[];
    agreement.choices += 1;
    if (!candidates.some((p) => p.id === chosen)) agreement.outside += 1;
    const from = judge.lastLocation;
    if (from === null) return;
    if (candidates.every((p) => p.seen >= MIN_VIEWS)) {
      agreement.informed += 1;
      if (engineChoice !== chosen) agreement.informedOther += 1;
      return;
    }
    const nearest = Math.min(...candidates.map((p) => distance(from, p.location)));
    agreement.extraMetres += distance(from, Number(chosen.slice(1))) - nearest;
  };
  return {
    agreement,
    judging: {
      tieBreak: judging.tieBreak,
      skippedAbsent: judging.skippedAbsent?.bind(judging),
      finished: judging.finished?.bind(judging),
      next: async (judge, minute) => {
        // On the state before the choice: the simulation applies it once `next` returns.
        const engineChoice = await engine.next(judge);
        const chosen = await judging.next(judge, minute);
        if (chosen !== undefined) check(judge, chosen, engineChoice);
        return chosen;
      },
    },
  };
}
