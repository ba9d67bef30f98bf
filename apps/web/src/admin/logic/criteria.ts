/**
 * The settings page's criteria (issue 34, docs/api-extensions.md "Criteria"): the form's check,
 * run before anything is sent, with the server's own texts in the server's order; which field a
 * refusal is about; each weight's share of the total; a move up or down the list.
 */
import type { Criterion, CriterionNewRequest } from '@podium/protocol';
import {
  CRITERION_DESCRIPTION_MAX,
  CRITERION_NAME_MAX,
  CRITERION_SCALE_DEFAULT,
  CRITERION_SCALE_MAX,
  CRITERION_SCALE_MIN,
  CRITERION_WEIGHT_MAX,
  CRITERION_DESCRIPTION_TOO_LONG,
  CRITERION_NAME_REQUIRED,
  CRITERION_NAME_TOO_LONG,
  CRITERION_SCALE_INVALID,
  CRITERION_WEIGHT_INVALID,
} from '@podium/protocol';
import { parseDecimal, parseWholeNumber } from './settings-validation';

/** The criterion form's fields as typed. */
export interface CriterionDraft {
  name: string;
  description: string;
  weight: string;
  scale: string;
}
export type CriterionField = keyof CriterionDraft;

/** A new criterion: weight 1, scored 1 to 5 (the server's defaults). */
export const NEW_CRITERION: CriterionDraft = {
  name: '',
  description: '',
  weight: '1',
  scale: String(CRITERION_SCALE_DEFAULT),
};

export const draftOf = (criterion: Criterion): CriterionDraft => ({
  name: criterion.name,
  description: criterion.description,
  weight: String(criterion.weight),
  scale: String(criterion.scale),
});

/** The scales a criterion may have, 1–2 to 1–10. */
export const SCALES = Array.from(
  { length: CRITERION_SCALE_MAX - CRITERION_SCALE_MIN + 1 },
  (_, i) => CRITERION_SCALE_MIN + i,
);

export const scaleText = (scale: number) => `1–${scale}`;

export type CriterionCheck =
  { ok: true; value: Required<CriterionNewRequest> } | { ok: false; field: CriterionField; error: string };

/** The form's values as the API takes them, or the first refusal (the server's check order). */
export function checkCriterion(draft: CriterionDraft): CriterionCheck {
  const refuse = (field: CriterionField, error: string) => ({ ok: false, field, error }) as const;
  const name = draft.name.trim();
  const description = draft.description.trim();
  if (name === '') return refuse('name', CRITERION_NAME_REQUIRED);
  if (name.length > CRITERION_NAME_MAX) return refuse('name', CRITERION_NAME_TOO_LONG);
  if (description.length > CRITERION_DESCRIPTION_MAX)
    return refuse('description', CRITERION_DESCRIPTION_TOO_LONG);
  const weight = parseDecimal(draft.weight);
  if (weight === null || weight <= 0 || weight > CRITERION_WEIGHT_MAX)
    return refuse('weight', CRITERION_WEIGHT_INVALID);
  const scale = parseWholeNumber(draft.scale);
  if (scale === null || scale < CRITERION_SCALE_MIN || scale > CRITERION_SCALE_MAX)
    return refuse('scale', CRITERION_SCALE_INVALID);
  return { ok: true, value: { name, description, weight, scale } };
}

/**
 * The fields of `after` that differ from `before` (the values an edit dialog opened with): only
 * they are sent, so that a field another organizer changed meanwhile keeps their change.
 */
export function changedFields<T extends object>(before: T, after: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(after).filter(([key, value]) => before[key as keyof T] !== value),
  ) as Partial<T>;
}

const FIELD_OF_ERROR: readonly [RegExp, CriterionField][] = [
  [/^Criterion name |^name must be |^a criterion named /, 'name'],
  [/^Criterion description /, 'description'],
  [/^Weight /, 'weight'],
  [/^Scale /, 'scale'],
];

/** The field a server refusal is about; null for the form as a whole (e.g. at most 10 criteria). */
export function fieldOfError(error: string): CriterionField | null {
  return FIELD_OF_ERROR.find(([pattern]) => pattern.test(error))?.[1] ?? null;
}

/**
 * Each weight's share of the total in percent, to a tenth ("40 %", "37.5 %"), by criterion id:
 * whole percents of 3, 2, 1, 1, 1 summed to 102.
 */
export function weightShares(criteria: readonly Criterion[]): Map<string, string> {
  const total = criteria.reduce((sum, criterion) => sum + criterion.weight, 0);
  const share = (weight: number) => Number(((weight / total) * 100).toFixed(1));
  return new Map(criteria.map((criterion) => [criterion.id, `${share(criterion.weight)} %`]));
}

/** The ids with the one at `index` moved one place up (-1) or down (+1); null at either end. */
export function movedOne(ids: readonly string[], index: number, step: -1 | 1): string[] | null {
  const to = index + step;
  if (index < 0 || index >= ids.length || to < 0 || to >= ids.length) return null;
  const moved = [...ids];
  [moved[index], moved[to]] = [moved[to]!, moved[index]!];
  return moved;
}
