import { describe, expect, it } from 'vitest';
import { checkBody } from './fields.js';
import {
  MoveRequest,
  PrioritizeBatchRequest,
  PrioritizeRequest,
  Project,
  ProjectNewRequest,
  ProjectSummary,
  ProjectUpdateRequest,
  parseChallengeList,
} from './project.js';

describe('challenge_list (3.4)', () => {
  it.each([
    ['AI, Health ,,AI', ['AI', 'Health']],
    ['', []],
    [' , ', []],
    [
      [' AI/ML ', '', 'Fin,Tech', 'AI/ML'],
      ['AI/ML', 'Fin,Tech'],
    ],
    [[], []],
  ])('%j → %j', (value, names) => {
    expect(parseChallengeList(value)).toEqual(names);
    expect(checkBody(ProjectNewRequest, { name: 'P', challenge_list: value })).toMatchObject({
      ok: true,
      data: { challenge_list: names },
    });
  });

  it.each([5, true, {}, ['a', 1], [null]])('refuses %j', (challenge_list) => {
    expect(checkBody(ProjectNewRequest, { name: 'P', challenge_list })).toEqual({
      ok: false,
      error: 'challenge_list must be a string or a list of strings',
    });
  });
});

describe('POST /project/new', () => {
  it('applies the defaults and trims all but the description', () => {
    expect(checkBody(ProjectNewRequest, { name: ' P ' })).toEqual({
      ok: true,
      data: { name: 'P', description: '', url: '', try_link: '', video_link: '', challenge_list: [] },
    });
    const body = {
      name: 'P',
      description: ' d ',
      url: ' u ',
      try_link: ' t ',
      video_link: ' v ',
      challenge_list: null,
    };
    expect(checkBody(ProjectNewRequest, body)).toEqual({
      ok: true,
      data: { name: 'P', description: ' d ', url: 'u', try_link: 't', video_link: 'v', challenge_list: [] },
    });
  });

  it.each([
    [{}, 'name is required'],
    [{ name: null, url: 1 }, 'name is required'],
    [{ name: '  ', url: 1 }, 'name is required'],
    [{ name: 1 }, 'name must be a string'],
    [{ name: 'P', description: 1, url: 1 }, 'description must be a string'],
    [{ name: 'P', url: 1, try_link: 1 }, 'url must be a string'],
    [{ name: 'P', try_link: 1, video_link: 1 }, 'try_link must be a string'],
    [{ name: 'P', video_link: false, challenge_list: 1 }, 'video_link must be a string'],
  ])('%j → %s', (body, error) => {
    expect(checkBody(ProjectNewRequest, body)).toEqual({ ok: false, error });
  });
});

describe('PUT /project/:id', () => {
  it('changes only the fields sent', () => {
    expect(checkBody(ProjectUpdateRequest, {})).toEqual({ ok: true, data: {} });
    expect(checkBody(ProjectUpdateRequest, { url: ' u ', challenge_list: 'a,b', name: null })).toEqual({
      ok: true,
      data: { name: undefined, url: 'u', challenge_list: ['a', 'b'] },
    });
  });

  it.each([
    [{ name: '', description: 1 }, 'description must be a string'],
    [{ name: '', challenge_list: 1 }, 'challenge_list must be a string or a list of strings'],
    [{ name: ' ' }, 'name is required'],
    [{ name: 1 }, 'name must be a string'],
  ])('checks types before an empty name: %j → %s', (body, error) => {
    expect(checkBody(ProjectUpdateRequest, body)).toEqual({ ok: false, error });
  });
});

describe('prioritize and move', () => {
  it.each([
    [PrioritizeRequest, {}, 'prioritize is required'],
    [PrioritizeRequest, { prioritize: 'true' }, 'prioritize must be a boolean'],
    [PrioritizeBatchRequest, { prioritize: true }, 'items is required'],
    [PrioritizeBatchRequest, { items: [], prioritize: 1 }, 'items must not be empty'],
    [PrioritizeBatchRequest, { items: ['a'] }, 'prioritize is required'],
    [MoveRequest, {}, 'Invalid location number'],
    [MoveRequest, { location: -1 }, 'Invalid location number'],
    [MoveRequest, { location: 2.5 }, 'Invalid location number'],
    [MoveRequest, { location: '2' }, 'Invalid location number'],
  ])('%#: %j → %s', (schema, body, error) => {
    expect(checkBody(schema, body)).toEqual({ ok: false, error });
  });

  it('accepts table 0 and dedupes batch items', () => {
    expect(checkBody(MoveRequest, { location: 0 })).toEqual({ ok: true, data: { location: 0 } });
    expect(checkBody(PrioritizeBatchRequest, { items: ['a', 'a'], prioritize: false })).toEqual({
      ok: true,
      data: { items: ['a'], prioritize: false },
    });
  });
});

describe('responses (4.4, 4.5)', () => {
  const summary = {
    id: 'p1',
    name: 'P',
    description: '',
    url: '',
    try_link: '',
    video_link: '',
    challenge_list: ['AI'],
    location: 1,
    group: 0,
  };
  const project = {
    ...summary,
    active: true,
    prioritized: false,
    seen: 0,
    track_seen: { AI: 1 },
    score: -3,
    stars: 0,
    track_stars: {},
    last_activity: 0,
  };

  it('ProjectSummary is the public subset of Project, plus the area of its table (R94)', () => {
    expect(ProjectSummary.parse({ ...project, area: 'Room B' })).toEqual({ ...summary, area: 'Room B' });
    expect(ProjectSummary.safeParse(project).success).toBe(false);
    expect(Project.parse({ ...project, area: 'Room B' })).toEqual(project);
  });

  it('Project has an optional rank_score', () => {
    expect(Project.parse(project)).toEqual(project);
    expect(Project.parse({ ...project, rank_score: 0.5 })).toEqual({ ...project, rank_score: 0.5 });
  });
});
