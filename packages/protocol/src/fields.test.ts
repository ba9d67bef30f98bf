import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  checkBody,
  integerListWithMessage,
  integerWithMessage,
  itemIds,
  maybeBoolean,
  maybeString,
  nameListWithMessage,
  optionalBoolean,
  optionalString,
  requiredBoolean,
  requiredInteger,
  requiredString,
  requiredStringList,
} from './fields.js';

/** The 400 text the server would answer for `value` as field `f`, or `undefined` when valid. */
function errorFor(field: z.ZodType, value: unknown): string | undefined {
  const result = checkBody(z.object({ f: field }), value === undefined ? {} : { f: value });
  return result.ok ? undefined : result.error;
}

function parsed(field: z.ZodType, value: unknown): unknown {
  const result = checkBody(z.object({ f: field }), value === undefined ? {} : { f: value });
  if (!result.ok) throw new Error(result.error);
  return (result.data as { f?: unknown }).f;
}

describe('generic texts of API.md 1.2', () => {
  it.each([
    ['requiredString', requiredString('f'), 5, 'f must be a string'],
    ['requiredBoolean', requiredBoolean('f'), 'true', 'f must be a boolean'],
    ['requiredInteger', requiredInteger('f'), '3', 'f must be an integer'],
    ['requiredInteger (fraction)', requiredInteger('f'), 3.5, 'f must be an integer'],
    ['requiredStringList', requiredStringList('f'), 'a', 'f must be a list of strings'],
    ['requiredStringList (item)', requiredStringList('f'), ['a', 1], 'f must be a list of strings'],
  ])('%s refuses a wrong type without coercion', (_, field, value, message) => {
    expect(errorFor(field, value)).toBe(message);
  });

  it.each([
    ['requiredString', requiredString('f')],
    ['requiredBoolean', requiredBoolean('f')],
    ['requiredInteger', requiredInteger('f')],
    ['requiredStringList', requiredStringList('f')],
  ])('%s says "is required" when missing or null', (_, field) => {
    expect(errorFor(field, undefined)).toBe('f is required');
    expect(errorFor(field, null)).toBe('f is required');
  });

  it('counts a number with no fractional part as an integer', () => {
    expect(parsed(requiredInteger('f'), 3.0)).toBe(3);
  });

  it('trims only when asked', () => {
    expect(parsed(requiredString('f', { trim: true }), '  a b ')).toBe('a b');
    expect(parsed(requiredString('f'), '  a b ')).toBe('  a b ');
    expect(parsed(requiredStringList('f', { trim: true }), [' x ', 'y'])).toEqual(['x', 'y']);
  });
});

describe('optional fields', () => {
  it('take their default when missing or null', () => {
    expect(parsed(optionalString('f'), undefined)).toBe('');
    expect(parsed(optionalString('f', 'd'), null)).toBe('d');
    expect(parsed(optionalBoolean('f'), null)).toBe(false);
    expect(parsed(optionalBoolean('f', true), undefined)).toBe(true);
  });

  it('still refuse a wrong type with the generic text', () => {
    expect(errorFor(optionalString('f'), 1)).toBe('f must be a string');
    expect(errorFor(optionalBoolean('f'), 0)).toBe('f must be a boolean');
  });

  it('maybeString and maybeBoolean keep absence as undefined', () => {
    expect(parsed(maybeString('f'), undefined)).toBeUndefined();
    expect(parsed(maybeString('f'), null)).toBeUndefined();
    expect(parsed(maybeString('f', { trim: true }), ' ')).toBe('');
    expect(parsed(maybeBoolean('f'), null)).toBeUndefined();
    expect(parsed(maybeBoolean('f'), false)).toBe(false);
    expect(errorFor(maybeBoolean('f'), 'no')).toBe('f must be a boolean');
  });
});

describe('itemIds (3.3)', () => {
  it.each([
    [undefined, 'items is required'],
    [null, 'items is required'],
    ['a', 'items must be a list of strings'],
    [[1], 'items must be a list of strings'],
    [[], 'items must not be empty'],
  ])('%j → %s', (value, message) => {
    expect(errorFor(itemIds(), value)).toBe(message);
  });

  it('counts repeated IDs once, in first-seen order', () => {
    expect(parsed(itemIds(), ['b', 'a', 'b'])).toEqual(['b', 'a']);
  });
});

describe('fields with one dedicated text', () => {
  const group = integerWithMessage('Invalid group number');

  it.each([undefined, null, -1, 1.5, '1', true])('integerWithMessage refuses %j', (value) => {
    expect(errorFor(group, value)).toBe('Invalid group number');
  });

  it('integerWithMessage honours its minimum', () => {
    expect(parsed(group, 0)).toBe(0);
    expect(errorFor(integerWithMessage('m', 1), 0)).toBe('m');
  });

  it.each([undefined, 'x', [0], [1, 'a'], [1.5]])('integerListWithMessage refuses %j', (value) => {
    expect(errorFor(integerListWithMessage('m', 1), value)).toBe('m');
  });

  it.each([undefined, 'x', [1], ['a', ' ']])('nameListWithMessage refuses %j', (value) => {
    expect(errorFor(nameListWithMessage('m'), value)).toBe('m');
  });

  it('nameListWithMessage trims and allows an empty list', () => {
    expect(parsed(nameListWithMessage('m'), [' a ', 'b'])).toEqual(['a', 'b']);
    expect(parsed(nameListWithMessage('m'), [])).toEqual([]);
  });
});

describe('checkBody', () => {
  it('answers the first issue in field order', () => {
    const schema = z.object({ a: requiredString('a'), b: requiredString('b') });
    expect(checkBody(schema, { a: 1, b: 2 })).toEqual({ ok: false, error: 'a must be a string' });
    expect(checkBody(schema, { a: 'x', b: 2 })).toEqual({ ok: false, error: 'b must be a string' });
    expect(checkBody(schema, { a: 'x', b: 'y', c: 1 })).toEqual({ ok: true, data: { a: 'x', b: 'y' } });
  });
});
