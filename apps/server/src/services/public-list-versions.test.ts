import { applyPublicListChanges, type ProjectSummary, type PublicListChanges } from '@podium/protocol';
import { describe, expect, it } from 'vitest';
import { PublicListVersions } from './public-list-versions.js';

const project = (n: number, fields: Partial<ProjectSummary> = {}): ProjectSummary => ({
  id: `p${n}`,
  name: `Project ${n}`,
  description: 'A project with a description long enough to make the whole list the bigger answer.',
  url: '',
  try_link: '',
  video_link: '',
  challenge_list: [],
  location: n,
  group: 0,
  area: '',
  ...fields,
});
const LIST = Array.from({ length: 10 }, (_, i) => project(i + 1));
const body = (answer: { json: Buffer }) => JSON.parse(answer.json.toString()) as PublicListChanges;

describe('PublicListVersions', () => {
  it('answers the changes from a kept version, once for every screen holding it', () => {
    const versions = new PublicListVersions();
    const before = versions.add(LIST);
    const after = versions.add([project(1, { name: 'Renamed' }), ...LIST.slice(1, 9)]);
    const answer = versions.changes(after, before.revision);
    expect(body(answer)).toEqual({
      revision: after.revision,
      full: false,
      changed: [{ index: 0, project: project(1, { name: 'Renamed' }) }],
      removed: ['p10'],
    });
    expect(applyPublicListChanges(LIST, body(answer))).toEqual(after.projects);
    expect(versions.changes(after, before.revision)).toBe(answer);
  });

  it('keeps the newest version, answers made, when a write changed nothing public', () => {
    const versions = new PublicListVersions();
    const first = versions.add(LIST);
    expect(versions.add(structuredClone(LIST))).toBe(first);
  });

  it('answers the whole list for a revision older than the versions it keeps, or unknown', () => {
    const versions = new PublicListVersions();
    const oldest = versions.add(LIST);
    const second = versions.add([project(1, { name: 'Version 1' }), ...LIST.slice(1)]);
    let current = second;
    for (let i = 2; i <= 64; i += 1)
      current = versions.add([project(1, { name: `Version ${i}` }), ...LIST.slice(1)]);
    expect(body(versions.changes(current, oldest.revision)).full).toBe(true);
    expect(body(versions.changes(current, second.revision)).full).toBe(false);
    expect(body(versions.changes(current, 'B'.repeat(27))).full).toBe(true);
    expect(body(versions.changes(current, undefined))).toEqual({
      revision: current.revision,
      full: true,
      projects: current.projects,
    });
  });
});
