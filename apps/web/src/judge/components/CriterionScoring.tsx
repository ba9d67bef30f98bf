import type { Criterion, CriterionScores } from '@podium/protocol';
import type { CSSProperties } from 'react';
import { useId, useState } from 'react';
import type { GivenScales, OldScore } from '../logic/criteria';
import { oldScoreOf, oldScoreText, scaleColumns, scoreOf } from '../logic/criteria';

export interface CriterionScoringProps {
  criteria: readonly Criterion[];
  scores: CriterionScores;
  /**
   * The scale each score was given on, where it may not be the criterion's now: such a score is
   * asked again (the project page's `scales`, the Done popup's taps).
   */
  givenScales?: GivenScales;
  /** A tap: the score, and the scale it was tapped on (the criterion's as shown). */
  onScore: (criterionId: string, score: number, scale: number) => void;
  /** Scores cannot change (deliberation). */
  disabled?: boolean;
  /** The id of the text saying why they cannot, read with each criterion. */
  describedBy?: string;
}

interface CriterionScoreProps extends Omit<CriterionScoringProps, 'criteria' | 'scores' | 'givenScales'> {
  criterion: Criterion;
  score: number | undefined;
  /** The score given on the criterion's earlier scale, asked again. */
  before: OldScore | undefined;
}

/**
 * Beside five 44 px buttons a 390 px phone's name column holds about 15 characters a line: a longer
 * name goes above its scale, as a scale longer than five does, so that it reads in a line or two.
 * On a narrower phone or at a large text size every name goes above (judge.css, `@container`).
 */
const NAME_BESIDE_SCALE_MAX = 30;
const wide = (criterion: Criterion) => criterion.scale > 5 || criterion.name.length > NAME_BESIDE_SCALE_MAX;

/**
 * One criterion: its name (a tap shows the description; screen readers hear it with the scores)
 * beside its scale, or above it (`wide`, or a row too narrow for both). The scores are radio
 * buttons drawn as 44 px buttons: one tab stop per criterion, arrows move the score. A score given
 * on the criterion's earlier scale is said under it (and heard with the scores), none chosen.
 */
function CriterionScore({
  criterion,
  score,
  before,
  onScore,
  disabled = false,
  describedBy,
}: CriterionScoreProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const nameId = `${id}-name`;
  const aboutId = `${id}-about`;
  const beforeId = `${id}-before`;
  const about = criterion.description.trim();
  const name = (
    <span id={nameId} className="judge-criterion__name-text">
      {criterion.name}
    </span>
  );
  return (
    <div
      role="radiogroup"
      aria-labelledby={nameId}
      aria-describedby={
        [before && beforeId, about && aboutId, describedBy].filter(Boolean).join(' ') || undefined
      }
      className={`judge-criterion${wide(criterion) ? ' judge-criterion--wide' : ''}`}
      data-criterion-id={criterion.id}
    >
      {about ? (
        <button
          type="button"
          className="judge-criterion__name"
          aria-label={`${criterion.name}: what the scores mean`}
          aria-expanded={open}
          aria-controls={aboutId}
          onClick={() => setOpen(!open)}
        >
          {name}
        </button>
      ) : (
        <span className="judge-criterion__name">{name}</span>
      )}
      <div
        className="judge-criterion__scale"
        style={{ '--scale-columns': scaleColumns(criterion.scale) } as CSSProperties}
      >
        {Array.from({ length: criterion.scale }, (_, i) => i + 1).map((value) => (
          <label key={value} className="judge-criterion__score">
            <input
              type="radio"
              className="visually-hidden"
              name={id}
              value={value}
              checked={score === value}
              disabled={disabled}
              onChange={() => onScore(criterion.id, value, criterion.scale)}
            />
            <span>{value}</span>
          </label>
        ))}
      </div>
      {before && (
        <p id={beforeId} className="judge-field__help judge-criterion__before">
          {oldScoreText(before)}
        </p>
      )}
      {about && (
        <p id={aboutId} className="judge-criterion__about" hidden={!open}>
          {about}
        </p>
      )}
    </div>
  );
}

/** A score per criterion (issue 34), in the organizer's order: the Done dialog's and the project page's. */
export function CriterionScoring({ criteria, scores, givenScales = {}, ...rest }: CriterionScoringProps) {
  return (
    <div className="judge-scoring">
      {criteria.map((criterion) => (
        <CriterionScore
          key={criterion.id}
          criterion={criterion}
          score={scoreOf(criterion, scores, givenScales)}
          before={oldScoreOf(criterion, scores, givenScales)}
          {...rest}
        />
      ))}
    </div>
  );
}
