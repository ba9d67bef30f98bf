import { describe, expect, it } from 'vitest';
import { HideBatchRequest, HideRequest, MoveGroupBatchRequest, MoveGroupRequest } from './common.js';
import { checkBody } from './fields.js';

describe('hide (R60, R61)', () => {
  it.each([
    [HideRequest, {}, 'hide is required'],
    [HideRequest, { hide: 'false' }, 'hide must be a boolean'],
    [HideBatchRequest, { hide: 1 }, 'items is required'],
    [HideBatchRequest, { items: 'a', hide: 1 }, 'items must be a list of strings'],
    [HideBatchRequest, { items: [], hide: 1 }, 'items must not be empty'],
    [HideBatchRequest, { items: ['a'], hide: null }, 'hide is required'],
    [HideBatchRequest, { items: ['a'], hide: 0 }, 'hide must be a boolean'],
  ])('%#: %j → %s', (schema, body, error) => {
    expect(checkBody(schema, body)).toEqual({ ok: false, error });
  });

  it('accepts a batch, repeated IDs once', () => {
    expect(checkBody(HideBatchRequest, { items: ['a', 'b', 'a'], hide: true })).toEqual({
      ok: true,
      data: { items: ['a', 'b'], hide: true },
    });
  });
});

describe('move to a group (R47, R48, R53)', () => {
  it.each([{}, { group: null }, { group: -1 }, { group: 1.5 }, { group: '1' }])(
    'gives Invalid group number for %j',
    (body) => {
      expect(checkBody(MoveGroupRequest, body)).toEqual({ ok: false, error: 'Invalid group number' });
    },
  );

  it('checks items before the group', () => {
    expect(checkBody(MoveGroupBatchRequest, { items: [], group: -1 })).toEqual({
      ok: false,
      error: 'items must not be empty',
    });
    expect(checkBody(MoveGroupBatchRequest, { items: ['a'], group: -1 })).toEqual({
      ok: false,
      error: 'Invalid group number',
    });
  });

  it('leaves the upper bound (num_groups) to the server', () => {
    expect(checkBody(MoveGroupRequest, { group: 99 })).toEqual({ ok: true, data: { group: 99 } });
  });
});
