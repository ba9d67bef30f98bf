import { endpoints } from '@podium/protocol';
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { useEndpointQuery } from '../../queries/use-endpoint-query';
import { jsonResponse, render } from '../../test/render';
import { useTracks } from '../queries/use-tracks';
import type { CsvUploadFlags } from './add-actions';
import { adminAdd, csvUploadForm } from './add-actions';

const file = new File(['a,b,c\n'], 'projects.csv', { type: 'text/csv' });
const fields = (form: FormData) => [...form.keys()];
/** The panel's flags, all off but those given. */
const flags = (on: Partial<CsvUploadFlags>): CsvUploadFlags => ({
  headerRow: false,
  noSend: false,
  update: false,
  skipExisting: false,
  ...on,
});

describe('csvUploadForm (API.md R83)', () => {
  it('sends the file in csv, the header flag and R86a’s update flag for a project CSV', () => {
    const form = csvUploadForm('projects', file, flags({ headerRow: true, noSend: true, update: true }));
    expect(fields(form)).toEqual(['csv', 'headerRow', 'update']);
    expect((form.get('csv') as File).name).toBe('projects.csv');
    expect(form.get('headerRow')).toBe('true');
    expect(form.get('update')).toBe('true');
  });

  it('adds dry_run for the preview', () => {
    const form = csvUploadForm('devpost', file, flags({}), true);
    expect(fields(form)).toEqual(['csv', 'update', 'dry_run']);
    expect(form.get('update')).toBe('false');
  });

  it('adds noSend and skip_existing for judges', () => {
    const form = csvUploadForm('judges', file, flags({ noSend: true, update: true, skipExisting: true }));
    expect(fields(form)).toEqual(['csv', 'headerRow', 'noSend', 'skip_existing']);
    expect(form.get('headerRow')).toBe('false');
    expect(form.get('noSend')).toBe('true');
    expect(form.get('skip_existing')).toBe('true');
  });

  it('sends no header flag for the hackathon-platform export, which always has a header', () => {
    const form = csvUploadForm('devpost', file, flags({ update: true }));
    expect(fields(form)).toEqual(['csv', 'update']);
  });
});

/** The Add Judges page's stat tile and track dropdown, as they read their queries. */
function JudgeTiles() {
  const stats = useEndpointQuery(endpoints.judgeStats).data;
  const tracks = useTracks();
  return <p>{`judges ${stats?.num ?? '-'}, tracks [${tracks.join(', ')}]`}</p>;
}

const settle = () => act(async () => new Promise((resolve) => setTimeout(resolve, 0)));

/** Answers each GET from `answers` by path (a 404 for others) and every write with `write`. */
function stubServer(answers: Record<string, () => Response>, write: () => Response) {
  const fetchSpy = vi.fn<typeof fetch>(async (input, init) => {
    if (init?.method && init.method !== 'GET') return write();
    return answers[String(input)]?.() ?? jsonResponse({ error: 'not found' }, 404);
  });
  vi.stubGlobal('fetch', fetchSpy);
  return fetchSpy;
}

describe('adminAdd', () => {
  it('offers the tracks of the settings', async () => {
    stubServer({ '/api/admin/options': () => jsonResponse({ tracks: ['AI/ML', 'Health.Tech'] }) }, () =>
      jsonResponse({ ok: 1 }),
    );
    const view = await render(<JudgeTiles />);
    await settle();
    expect(view.textContent).toBe('judges -, tracks [AI/ML, Health.Tech]');
  });

  it('offers no track when the options cannot be read', async () => {
    stubServer({}, () => jsonResponse({ ok: 1 }));
    const view = await render(<JudgeTiles />);
    await settle();
    expect(view.textContent).toBe('judges -, tracks []');
  });

  it('refetches the judge stats after a judge upload', async () => {
    let judges = 1;
    const fetchSpy = stubServer(
      { '/api/judge/stats': () => jsonResponse({ num: judges, avg_seen: 0, num_active: judges }) },
      () => jsonResponse({ ok: 1, count: 6, skipped: 0 }),
    );
    const view = await render(<JudgeTiles />);
    await settle();
    expect(view.textContent).toBe('judges 1, tracks []');
    judges = 7;
    const result = await act(() => adminAdd.uploadCsv('judges', file, flags({ headerRow: true })));
    expect(result.data).toEqual({ ok: 1, count: 6, skipped: 0 });
    expect(fetchSpy.mock.calls.map(([input]) => String(input))).toContain('/api/judge/csv');
    await settle();
    expect(view.textContent).toBe('judges 7, tracks []');
  });

  it('leaves the stats alone after a refused add', async () => {
    const fetchSpy = stubServer(
      { '/api/project/stats': () => jsonResponse({ num: 2, num_active: 2, avg_seen: 0 }) },
      () => jsonResponse({ error: 'name is required' }, 400),
    );
    function ProjectTiles() {
      return <p>{`projects ${useEndpointQuery(endpoints.projectStats).data?.num ?? '-'}`}</p>;
    }
    await render(<ProjectTiles />);
    await settle();
    const reads = fetchSpy.mock.calls.length;
    const result = await act(() => adminAdd.addProject({ name: '' }));
    expect(result.error).toBe('name is required');
    await settle();
    expect(fetchSpy.mock.calls.length).toBe(reads + 1); // the refused write, no refetch
  });
});
