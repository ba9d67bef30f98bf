import type { Criterion } from '@podium/protocol';
import {
  CRITERION_DESCRIPTION_TOO_LONG,
  CRITERION_NAME_REQUIRED,
  CRITERION_NAME_TOO_LONG,
  CRITERION_SCALE_INVALID,
  CRITERION_WEIGHT_INVALID,
  criterionNameTaken,
  tooManyCriteria,
} from '@podium/protocol';
import { describe, expect, it } from 'vitest';
import {
  changedFields,
  checkCriterion,
  draftOf,
  fieldOfError,
  movedOne,
  NEW_CRITERION,
  SCALES,
  weightShares,
} from './criteria';

const criterion = (id: string, weight: number): Criterion => ({
  id,
  name: id,
  description: '',
  weight,
  scale: 5,
});

describe('the criterion form', () => {
  it('starts at weight 1 on a 1–5 scale, and offers the scales 1–2 to 1–10', () => {
    expect(NEW_CRITERION).toEqual({ name: '', description: '', weight: '1', scale: '5' });
    expect(SCALES).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(draftOf({ id: 'c', name: 'Impact', description: 'Big', weight: 2.5, scale: 7 })).toEqual({
      name: 'Impact',
      description: 'Big',
      weight: '2.5',
      scale: '7',
    });
  });

  it('sends the values the API takes, trimmed', () => {
    expect(checkCriterion({ name: ' Impact ', description: ' Big. ', weight: ' 2.5 ', scale: '10' })).toEqual(
      {
        ok: true,
        value: { name: 'Impact', description: 'Big.', weight: 2.5, scale: 10 },
      },
    );
  });

  it("refuses with the server's texts, in the server's order, naming the field", () => {
    const ok = { name: 'Impact', description: '', weight: '1', scale: '5' };
    const refusal = (field: string, error: string) => ({ ok: false, field, error });
    expect(checkCriterion({ ...ok, name: '   ', weight: 'x' })).toEqual(
      refusal('name', CRITERION_NAME_REQUIRED),
    );
    expect(checkCriterion({ ...ok, name: 'n'.repeat(61) })).toEqual(refusal('name', CRITERION_NAME_TOO_LONG));
    expect(checkCriterion({ ...ok, name: 'n'.repeat(60) }).ok).toBe(true);
    expect(checkCriterion({ ...ok, description: 'd'.repeat(301) })).toEqual(
      refusal('description', CRITERION_DESCRIPTION_TOO_LONG),
    );
    for (const weight of ['0', '-1', '100.5', '', 'abc', '1e2'])
      expect(checkCriterion({ ...ok, weight }), weight).toEqual(refusal('weight', CRITERION_WEIGHT_INVALID));
    expect(checkCriterion({ ...ok, weight: '100' }).ok).toBe(true);
    for (const scale of ['1', '11', '5.5'])
      expect(checkCriterion({ ...ok, scale }), scale).toEqual(refusal('scale', CRITERION_SCALE_INVALID));
  });

  it("puts a server refusal under its field, or under the form's button", () => {
    expect(fieldOfError(criterionNameTaken('Impact'))).toBe('name');
    expect(fieldOfError(CRITERION_NAME_REQUIRED)).toBe('name');
    expect(fieldOfError('name must be a string')).toBe('name');
    expect(fieldOfError(CRITERION_DESCRIPTION_TOO_LONG)).toBe('description');
    expect(fieldOfError(CRITERION_WEIGHT_INVALID)).toBe('weight');
    expect(fieldOfError(CRITERION_SCALE_INVALID)).toBe('scale');
    expect(fieldOfError(tooManyCriteria(10))).toBeNull();
  });

  it('an edit sends only the fields changed since the dialog opened (a weight typed as 1.0 is 1)', () => {
    const opened = { name: 'Design', description: 'UX', weight: 1, scale: 5 };
    const saved = checkCriterion({ name: ' Design ', description: 'UX', weight: '1.0', scale: '7' });
    expect(saved.ok && changedFields(opened, saved.value)).toEqual({ scale: 7 });
    expect(changedFields(opened, { ...opened })).toEqual({});
  });
});

describe('the criteria list', () => {
  it("shows each weight's share of the total to a tenth of a percent", () => {
    const shares = weightShares([criterion('a', 3), criterion('b', 2), criterion('c', 1), criterion('d', 2)]);
    expect([...shares.values()]).toEqual(['37.5 %', '25 %', '12.5 %', '25 %']);
    expect([...weightShares([criterion('a', 1), criterion('b', 2)]).values()]).toEqual(['33.3 %', '66.7 %']);
  });

  it('moves a criterion one place, and nowhere past either end', () => {
    expect(movedOne(['a', 'b', 'c'], 1, -1)).toEqual(['b', 'a', 'c']);
    expect(movedOne(['a', 'b', 'c'], 1, 1)).toEqual(['a', 'c', 'b']);
    expect(movedOne(['a', 'b', 'c'], 0, -1)).toBeNull();
    expect(movedOne(['a', 'b', 'c'], 2, 1)).toBeNull();
  });
});
