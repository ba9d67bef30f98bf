/**
 * Judges' pace and visits (docs/api-extensions.md, "Replacing a judge and pace (issue 24)"): what
 * the judges table adds to `/judge/list` (the pace marks, who was replaced) and a judge's visits.
 * Reads only; the rule itself is `judging/pace.ts`.
 */
import { JUDGE_NOT_FOUND, type JudgePace, type JudgesPace, type JudgeVisits } from '@podium/protocol';
import { NotFoundError } from '../errors.js';
import { judgesPace, type EndedVisit } from '../judging/pace.js';
import type { Repositories } from '../repositories/index.js';

export interface JudgePaceContext {
  repositories: Pick<Repositories, 'judges' | 'judging' | 'options' | 'conflicts'>;
}

export class JudgePaceService {
  private readonly judges: Repositories['judges'];
  private readonly judging: Repositories['judging'];
  private readonly options: Repositories['options'];
  private readonly conflicts: Repositories['conflicts'];

  constructor({ repositories }: JudgePaceContext) {
    this.judges = repositories.judges;
    this.judging = repositories.judging;
    this.options = repositories.options;
    this.conflicts = repositories.conflicts;
  }

  /** `GET /admin/judge/pace`: every judge in creation order. */
  async pace(): Promise<JudgesPace> {
    const judges = await this.judges.all();
    const { judging_timer } = await this.options.read();
    const ended: EndedVisit[] = [];
    for (const visit of await this.judging.visits()) {
      // Released (R61, a conflict) and removed (issue 35: the organizer took the view back)
      // visits are neither finished nor skipped.
      if (visit.ended_at === null || (visit.outcome !== 'finished' && visit.outcome !== 'skipped')) continue;
      ended.push({
        judge: visit.judge_id,
        outcome: visit.outcome,
        length: visit.ended_at - visit.started_at,
      });
    }
    const paces = judgesPace(
      judges.map((judge) => judge.id),
      ended,
      judging_timer * 1000,
      await this.conflicts.saidCountByJudge(),
    );
    return {
      judging_timer,
      judges: judges.map((judge): JudgePace => {
        const pace = paces.get(judge.id);
        return {
          judge_id: judge.id,
          replaced_at: judge.replaced_at,
          judgments_count: judge.judgments_set_aside === 0,
          finished: pace?.finished ?? 0,
          skipped: pace?.skipped ?? 0,
          median_visit_ms: pace?.medianVisitMs ?? null,
          skip_share: pace?.skipShare ?? 0,
          said_conflicts: pace?.saidConflicts ?? 0,
          said_conflicts_refused: judge.said_conflicts_refused === 1,
          marks: pace?.marks ?? [],
        };
      }),
    };
  }

  /** `GET /admin/judge/:id/visits`: oldest first. */
  async visits(judgeId: string): Promise<JudgeVisits> {
    if ((await this.judges.findById(judgeId)) === undefined) throw new NotFoundError(JUDGE_NOT_FOUND);
    return {
      judge_id: judgeId,
      visits: (await this.judging.visits(judgeId)).map((visit) => ({
        project_id: visit.project_id,
        name: visit.name,
        location: visit.location,
        started_at: visit.started_at,
        ended_at: visit.ended_at,
        outcome: visit.outcome,
        reason: visit.reason,
      })),
    };
  }
}
