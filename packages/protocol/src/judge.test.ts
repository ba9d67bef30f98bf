import { describe, expect, it } from 'vitest';
import { checkBody } from './fields.js';
import {
  JudgeAdmin,
  JudgeFinishRequest,
  JudgeNewRequest,
  JudgeNotesRequest,
  JudgeRankRequest,
  JudgeSelf,
  JudgeSkipRequest,
  JudgeStarByBodyRequest,
  JudgeStarRequest,
  JudgeUpdateRequest,
  Next,
  isValidEmail,
  judgeIdentityProblem,
} from './judge.js';

describe('POST /judge/skip reason (R18)', () => {
  it.each(['busy', 'absent', 'cannot-demo', 'too-complex', 'offensive'])('accepts %s', (reason) => {
    expect(checkBody(JudgeSkipRequest, { reason })).toEqual({ ok: true, data: { reason } });
  });

  it.each([{}, { reason: null }, { reason: '' }])('asks to select an option for %j', (body) => {
    expect(checkBody(JudgeSkipRequest, body)).toEqual({ ok: false, error: 'Please select an option.' });
  });

  it.each([
    ['hidden-absent', 'reason field is invalid: hidden-absent'],
    ['Busy', 'reason field is invalid: Busy'],
    [' busy', 'reason field is invalid:  busy'],
    [5, 'reason field is invalid: 5'],
    [false, 'reason field is invalid: false'],
    [['busy'], 'reason field is invalid: ["busy"]'],
    [{ a: 'b' }, 'reason field is invalid: {"a":"b"}'],
  ])('refuses %j by name, non-strings as JSON', (reason, message) => {
    expect(checkBody(JudgeSkipRequest, { reason })).toEqual({ ok: false, error: message });
  });
});

describe('POST /judge/finish', () => {
  it('defaults notes to "" and starred to false, keeping notes untrimmed', () => {
    expect(checkBody(JudgeFinishRequest, {})).toEqual({ ok: true, data: { notes: '', starred: false } });
    expect(checkBody(JudgeFinishRequest, { notes: ' n ', starred: true })).toEqual({
      ok: true,
      data: { notes: ' n ', starred: true },
    });
  });

  it('checks notes before starred', () => {
    expect(checkBody(JudgeFinishRequest, { notes: 1, starred: 1 })).toEqual({
      ok: false,
      error: 'notes must be a string',
    });
    expect(checkBody(JudgeFinishRequest, { starred: 'true' })).toEqual({
      ok: false,
      error: 'starred must be a boolean',
    });
  });
});

describe('POST /judge/rank', () => {
  it.each([
    [{}, 'ranking is required'],
    [{ ranking: 'a,b' }, 'ranking must be a list of strings'],
    [{ ranking: ['a', 2] }, 'ranking must be a list of strings'],
  ])('%j → %s', (body, error) => {
    expect(checkBody(JudgeRankRequest, body)).toEqual({ ok: false, error });
  });

  it('keeps duplicates for the server, which checks them after deliberation (R27)', () => {
    expect(checkBody(JudgeRankRequest, { ranking: ['a', 'a'] })).toEqual({
      ok: true,
      data: { ranking: ['a', 'a'] },
    });
    expect(checkBody(JudgeRankRequest, { ranking: [] })).toEqual({ ok: true, data: { ranking: [] } });
  });
});

describe('star and notes', () => {
  it.each([
    [JudgeStarRequest, {}, 'starred is required'],
    [JudgeStarRequest, { starred: 'yes' }, 'starred must be a boolean'],
    [JudgeStarByBodyRequest, { starred: 1 }, 'project is required'],
    [JudgeStarByBodyRequest, { project: 7, starred: 1 }, 'project must be a string'],
    [JudgeStarByBodyRequest, { project: 'p' }, 'starred is required'],
    [JudgeStarByBodyRequest, { project: 'p', starred: null }, 'starred is required'],
    [JudgeStarByBodyRequest, { project: 'p', starred: 0 }, 'starred must be a boolean'],
    [JudgeNotesRequest, { notes: null }, 'notes is required'],
    [JudgeNotesRequest, { notes: [] }, 'notes must be a string'],
  ])('%#: %j → %s', (schema, body, error) => {
    expect(checkBody(schema, body)).toEqual({ ok: false, error });
  });

  it('accepts valid bodies', () => {
    expect(checkBody(JudgeStarByBodyRequest, { project: 'p', starred: false })).toEqual({
      ok: true,
      data: { project: 'p', starred: false },
    });
    expect(checkBody(JudgeNotesRequest, { notes: '' })).toEqual({ ok: true, data: { notes: '' } });
  });
});

describe('POST /judge/new (3.3)', () => {
  it('trims name, email and track, applies defaults and drops unknown keys', () => {
    expect(checkBody(JudgeNewRequest, { name: ' Ada ', email: ' ada@x.org ', extra: 1 })).toEqual({
      ok: true,
      data: { name: 'Ada', email: 'ada@x.org', track: '', notes: '', no_send: false },
    });
    expect(
      checkBody(JudgeNewRequest, {
        name: 'A',
        email: 'a@x.io',
        track: ' AI/ML ',
        notes: ' n ',
        no_send: true,
      }),
    ).toEqual({
      ok: true,
      data: { name: 'A', email: 'a@x.io', track: 'AI/ML', notes: ' n ', no_send: true },
    });
  });

  it.each([
    [{ name: 1, email: 2, track: 3, notes: 4, no_send: 5 }, 'name must be a string'],
    [{ email: 2, track: 3, notes: 4, no_send: 5 }, 'email must be a string'],
    [{ track: 3, notes: 4, no_send: 5 }, 'track must be a string'],
    [{ notes: 4, no_send: 5 }, 'notes must be a string'],
    [{ no_send: 5 }, 'no_send must be a boolean'],
    [{}, 'Name and email are required'],
    [{ name: null, email: 'a@b.c' }, 'Name and email are required'],
    [{ name: 'A', email: '   ' }, 'Name and email are required'],
    [{ name: '', email: 'bad' }, 'Name and email are required'],
    [{ name: 'A', email: 'bob@' }, 'invalid email: bob@'],
    [{ name: 'A', email: ' bob@x ' }, 'invalid email: bob@x'],
  ])('%j → %s', (body, error) => {
    expect(checkBody(JudgeNewRequest, body)).toEqual({ ok: false, error });
  });

  it('reports type errors before the name and email rule, whatever the field', () => {
    expect(checkBody(JudgeNewRequest, { name: '', email: '', no_send: 'no' })).toEqual({
      ok: false,
      error: 'no_send must be a boolean',
    });
    expect(checkBody(JudgeNewRequest, { email: 'bad', notes: 1 })).toEqual({
      ok: false,
      error: 'notes must be a string',
    });
  });
});

describe('PUT /judge/:id (3.3)', () => {
  it('leaves absent and null fields undefined', () => {
    const result = checkBody(JudgeUpdateRequest, { name: null, notes: ' x ' });
    expect(result).toEqual({ ok: true, data: { name: undefined, notes: ' x ' } });
    expect(checkBody(JudgeUpdateRequest, {})).toEqual({ ok: true, data: {} });
  });

  it.each([
    [{ name: 1, email: 2, notes: 3 }, 'name must be a string'],
    [{ name: '', email: 2 }, 'email must be a string'],
    [{ name: '', notes: 3 }, 'notes must be a string'],
    [{ name: ' ' }, 'Name and email are required'],
    [{ email: '' }, 'Name and email are required'],
    [{ name: '', email: 'bad' }, 'Name and email are required'],
    [{ email: 'a b@c.d' }, 'invalid email: a b@c.d'],
  ])('%j → %s', (body, error) => {
    expect(checkBody(JudgeUpdateRequest, body)).toEqual({ ok: false, error });
  });
});

describe('judgeIdentityProblem', () => {
  it('treats undefined as not sent and checks emptiness before validity', () => {
    expect(judgeIdentityProblem(undefined, undefined)).toBeUndefined();
    expect(judgeIdentityProblem('A', 'a@b.co')).toBeUndefined();
    expect(judgeIdentityProblem('', 'bad')).toBe('Name and email are required');
    expect(judgeIdentityProblem(undefined, 'bad')).toBe('invalid email: bad');
  });
});

describe('isValidEmail (R74)', () => {
  it.each([
    'a@b.c',
    'ada.lovelace+judging@example.org',
    'x@sub.domain.co.uk',
    'ü@bücher.de',
    `${'a'.repeat(242)}@example.org`, // 254 characters
    `${'😀'.repeat(242)}@example.org`, // 254 characters (code points), 496 UTF-16 units
  ])('accepts %s', (email) => {
    expect(isValidEmail(email)).toBe(true);
  });

  it.each([
    ['', 'empty'],
    ['ab.c', 'no @'],
    ['@b.c', 'nothing before @'],
    ['a@b@c.d', 'two @'],
    ['a@bc', 'no dot in the domain'],
    ['a@.bc', 'dot first in the domain'],
    ['a@bc.', 'dot last in the domain'],
    ['a@.', 'only a dot'],
    ['a.b@c', 'dot only in the local part'],
    ['a b@c.d', 'inner space'],
    ['a@c.d\t', 'tab'],
    ['a@c.d\u00a0', 'non-breaking space'],
    [`${'a'.repeat(243)}@example.org`, '255 characters'],
  ])('refuses %j (%s)', (email) => {
    expect(isValidEmail(email)).toBe(false);
  });
});

describe('responses (4.1–4.3, 4.9)', () => {
  const judged = {
    project_id: 'p1',
    name: 'P',
    url: '',
    location: 1,
    area: 'Room B',
    description: '',
    notes: '',
    starred: false,
  };
  const self = {
    id: 'j1',
    name: 'Ada',
    email: 'a@b.co',
    track: '',
    active: true,
    read_welcome: false,
    current: null,
    seen: 1,
    seen_projects: [judged],
    flagged: [],
    rankings: ['p1'],
    last_activity: 0,
  };

  it('JudgeSelf lists exactly the fields of 4.1', () => {
    expect(Object.keys(JudgeSelf.shape).sort()).toEqual(Object.keys(self).sort());
    expect(JudgeSelf.parse(self)).toEqual(self);
  });

  it('JudgeAdmin adds notes, code and group, and never a token', () => {
    const admin = { ...self, notes: '', code: '12345678', group: 0 };
    expect(JudgeAdmin.parse({ ...admin, token: 'secret' })).toEqual(admin);
    expect(JudgeAdmin.safeParse(self).success).toBe(false);
  });

  it('Next is a project or a reason of R15', () => {
    expect(Next.parse({ project_id: 'p1' })).toEqual({ project_id: 'p1' });
    expect(Next.parse({ reason: 'track-disabled' })).toEqual({ reason: 'track-disabled' });
    expect(Next.safeParse({ reason: 'sleeping' }).success).toBe(false);
  });
});

describe('POST /judge/finish feedback (issue 35)', () => {
  it('takes feedback for the team trimmed, at most 2000 characters, and nothing when absent or null', () => {
    expect(checkBody(JudgeFinishRequest, { feedback: '  Great demo  ' })).toEqual({
      ok: true,
      data: { notes: '', starred: false, feedback: 'Great demo' },
    });
    expect(checkBody(JudgeFinishRequest, { feedback: null })).toEqual({
      ok: true,
      data: { notes: '', starred: false },
    });
    expect(checkBody(JudgeFinishRequest, { feedback: 'x'.repeat(2000) })).toMatchObject({ ok: true });
    expect(checkBody(JudgeFinishRequest, { feedback: 'x'.repeat(2001) })).toEqual({
      ok: false,
      error: 'Feedback for the team must be at most 2000 characters',
    });
    expect(checkBody(JudgeFinishRequest, { feedback: 5 })).toEqual({
      ok: false,
      error: 'feedback must be a string',
    });
  });
});
