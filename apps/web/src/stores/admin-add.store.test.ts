import { beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../test/render';
import { csvUploadForm, useAdminAddStore } from './admin-add.store';
import { useAdminStatsStore } from './admin-stats.store';

const file = new File(['a,b,c\n'], 'projects.csv', { type: 'text/csv' });
const fields = (form: FormData) => [...form.keys()];

beforeEach(() => {
  useAdminAddStore.setState({ tracks: [] });
  useAdminStatsStore.setState({ projectStats: null, judgeStats: null });
});

describe('csvUploadForm (API.md R83)', () => {
  it('sends the file in csv, the header flag and R86a’s update flag for a project CSV', () => {
    const form = csvUploadForm('projects', file, { headerRow: true, noSend: true, update: true });
    expect(fields(form)).toEqual(['csv', 'headerRow', 'update']);
    expect((form.get('csv') as File).name).toBe('projects.csv');
    expect(form.get('headerRow')).toBe('true');
    expect(form.get('update')).toBe('true');
  });

  it('adds dry_run for the preview', () => {
    const form = csvUploadForm('devpost', file, { headerRow: false, noSend: false, update: false }, true);
    expect(fields(form)).toEqual(['csv', 'update', 'dry_run']);
    expect(form.get('update')).toBe('false');
  });

  it('adds noSend for judges', () => {
    const form = csvUploadForm('judges', file, { headerRow: false, noSend: true, update: true });
    expect(fields(form)).toEqual(['csv', 'headerRow', 'noSend']);
    expect(form.get('headerRow')).toBe('false');
    expect(form.get('noSend')).toBe('true');
  });

  it('sends no header flag for the hackathon-platform export, which always has a header', () => {
    const form = csvUploadForm('devpost', file, { headerRow: false, noSend: false, update: true });
    expect(fields(form)).toEqual(['csv', 'update']);
  });
});

describe('useAdminAddStore', () => {
  it('offers the tracks of the settings, none when the options cannot be read', async () => {
    vi.stubGlobal('fetch', async () => jsonResponse({ tracks: ['AI/ML', 'Health.Tech'] }));
    await useAdminAddStore.getState().loadTracks();
    expect(useAdminAddStore.getState().tracks).toEqual(['AI/ML', 'Health.Tech']);
    vi.stubGlobal('fetch', async () => jsonResponse({ error: 'not found' }, 404));
    await useAdminAddStore.getState().loadTracks();
    expect(useAdminAddStore.getState().tracks).toEqual([]);
  });

  it('refreshes the judge stats after a judge upload', async () => {
    const fetchSpy = vi.fn<typeof fetch>(async (input) =>
      String(input) === '/api/judge/stats'
        ? jsonResponse({ num: 7, avg_seen: 0, num_active: 7 })
        : jsonResponse({ ok: 1, count: 6, skipped: 0 }),
    );
    vi.stubGlobal('fetch', fetchSpy);
    const result = await useAdminAddStore
      .getState()
      .uploadCsv('judges', file, { headerRow: true, noSend: false, update: false });
    expect(result.data).toEqual({ ok: 1, count: 6, skipped: 0 });
    expect(fetchSpy.mock.calls[0]?.[0]).toBe('/api/judge/csv');
    await vi.waitFor(() => expect(useAdminStatsStore.getState().judgeStats?.num).toBe(7));
  });

  it('leaves the stats alone after a refused add', async () => {
    const fetchSpy = vi.fn<typeof fetch>(async () => jsonResponse({ error: 'name is required' }, 400));
    vi.stubGlobal('fetch', fetchSpy);
    const result = await useAdminAddStore.getState().addProject({ name: '' });
    expect(result.error).toBe('name is required');
    expect(fetchSpy).toHaveBeenCalledTimes(1);
  });
});
