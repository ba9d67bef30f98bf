import type { ImportResult } from '@podium/protocol';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApiResult } from '../../api/client';
import { networkFailure } from '../../api/client';
import { useNoticeStore } from '../../stores/notice.store';
import { click, render } from '../../test/render';
import type { CsvUploadPanelProps } from './CsvUploadPanel';
import { CsvUploadPanel } from './CsvUploadPanel';

afterEach(() => useNoticeStore.setState({ notices: [] }));

type Upload = CsvUploadPanelProps['upload'];

async function renderPanel(upload: Upload, props: Partial<CsvUploadPanelProps> = {}) {
  return render(
    <CsvUploadPanel
      title="Upload a judge CSV"
      fileLabel="Judge CSV file"
      columns={['Name', 'Email']}
      noSendOption
      successText="Added judge(s) successfully!"
      upload={upload}
      {...props}
    />,
  );
}

/** Chooses a file in the panel's file input, as the browser's picker would. */
async function chooseFile(container: HTMLElement, file: File) {
  const input = container.querySelector<HTMLInputElement>('input[type=file]');
  if (!input) throw new Error('no file input');
  Object.defineProperty(input, 'files', { value: [file], configurable: true });
  await act(async () => {
    input.dispatchEvent(new Event('change', { bubbles: true }));
  });
  await vi.waitFor(() => expect(container.querySelector('table')).not.toBeNull());
}

const button = (container: HTMLElement) => container.querySelector<HTMLButtonElement>('button[type=submit]');
const checkbox = (container: HTMLElement, label: string) =>
  [...container.querySelectorAll('label')].find((l) => l.textContent === label)?.previousElementSibling ??
  null;
const noticeTexts = () => useNoticeStore.getState().notices.map((n) => [n.kind, n.text]);
const judges = new File(
  ['Ada Lovelace,ada@judges.example,,A very long note\nGrace,grace@judges.example\n'],
  'judges.csv',
);

describe('CsvUploadPanel', () => {
  it('keeps Upload disabled until a file is chosen, then previews it', async () => {
    const container = await renderPanel(vi.fn());
    expect(button(container)?.disabled).toBe(true);
    expect(container.textContent).toContain('No file chosen');
    await chooseFile(container, judges);
    expect(container.textContent).toContain('Chosen file: judges.csv');
    expect(button(container)?.disabled).toBe(false);
    const headings = [...container.querySelectorAll('thead th')].map((th) => th.textContent);
    expect(headings).toEqual(['Line', 'Name', 'Email', 'Column 3', 'Column 4']);
    const cells = [...container.querySelectorAll('tbody tr:first-child td')];
    expect(cells.map((td) => td.textContent)).toEqual([
      'Ada Lovela...',
      'ada@judges...',
      '',
      'A very lon...',
    ]);
    expect(cells[0]?.getAttribute('title')).toBe('Ada Lovelace');
    expect(container.textContent).toContain('2 rows');
  });

  it("uploads with the chosen flags, reads 'Uploading...' meanwhile, then reports and clears", async () => {
    let finish: (result: ApiResult<ImportResult>) => void = () => {};
    const upload = vi.fn<Upload>(() => new Promise((resolve) => (finish = resolve)));
    const container = await renderPanel(upload);
    await chooseFile(container, judges);
    await click(checkbox(container, 'Do not send an email'));
    await click(button(container));
    expect(upload).toHaveBeenCalledWith(
      judges,
      { headerRow: false, noSend: true, update: false, skipExisting: false },
      expect.any(Function),
    );
    expect(button(container)?.textContent).toBe('Uploading...');
    expect(button(container)?.disabled).toBe(true);

    await act(async () => finish({ status: 200, error: '', data: { ok: 1, count: 2, skipped: 0 } }));
    expect(noticeTexts()).toEqual([['success', 'Added judge(s) successfully! 2 added']]);
    expect(button(container)?.textContent).toBe('Upload');
    expect(container.textContent).toContain('No file chosen');
    expect(container.querySelector('table')).toBeNull();
  });

  it('adds the skipped-rows suffix when rows were skipped', async () => {
    const upload = vi.fn<Upload>(async () => ({
      status: 200,
      error: '',
      data: { ok: 1, count: 27, skipped: 3 },
    }));
    const container = await renderPanel(upload, {
      headerRow: 'always',
      noSendOption: false,
      successText: 'Added project(s) successfully!',
    });
    expect(checkbox(container, 'CSV contains a header row')).toBeNull();
    await chooseFile(container, new File(['Project Title,Url\nA,b\n'], 'export.csv'));
    expect([...container.querySelectorAll('thead th')].map((th) => th.textContent)).toEqual([
      'Line',
      'Project Ti...',
      'Url',
    ]);
    await click(button(container));
    expect(upload).toHaveBeenCalledWith(
      expect.any(File),
      { headerRow: true, noSend: false, update: false, skipExisting: false },
      expect.any(Function),
    );
    expect(noticeTexts()).toEqual([
      ['success', 'Added project(s) successfully! 27 added (3 rows skipped: ignored tracks or drafts)'],
    ]);
  });

  it("reports a refusal as 'Error Uploading CSV: <server error>' and keeps the file", async () => {
    const error = 'line 6: expected at least 3 columns (name, description, url)';
    const upload = vi.fn<Upload>(async () => ({ status: 400, error, data: null }));
    const container = await renderPanel(upload);
    await chooseFile(container, judges);
    await click(checkbox(container, 'CSV contains a header row'));
    await click(button(container));
    expect(upload).toHaveBeenCalledWith(
      judges,
      { headerRow: true, noSend: false, update: false, skipExisting: false },
      expect.any(Function),
    );
    expect(noticeTexts()).toEqual([['error', `Error Uploading CSV: ${error}`]]);
    expect(container.textContent).toContain('Chosen file: judges.csv');
  });

  it('ticks the header box for a file that starts with column names, says so, and unticks it for one that does not', async () => {
    const upload = vi.fn<Upload>(async () => ({
      status: 200,
      error: '',
      data: { ok: 1, count: 1, skipped: 0 },
    }));
    const container = await renderPanel(upload, { headerNames: ['Name', 'Email', 'Email Address'] });
    const box = () => checkbox(container, 'CSV contains a header row') as HTMLInputElement;
    const note = () =>
      container.querySelector(`#${CSS.escape(box().getAttribute('aria-describedby') ?? '-')}`);
    await chooseFile(
      container,
      new File(['NAME,E-mail address\nAda,ada@judges.example\n'], 'with-header.csv'),
    );
    expect(box().checked).toBe(true);
    expect(note()?.textContent).toBe(
      'Line 1 holds column names (NAME, E-mail address), so it is read as the header row, not imported. Untick the box if it is data.',
    );
    expect([...container.querySelectorAll('thead th')].map((th) => th.textContent)).toEqual([
      'Line',
      'NAME',
      'E-mail add...',
    ]);
    await chooseFile(container, judges);
    expect(box().checked).toBe(false);
    expect(note()).toBeNull();
    await click(button(container));
    expect(upload).toHaveBeenLastCalledWith(
      judges,
      { headerRow: false, noSend: false, update: false, skipExisting: false },
      expect.any(Function),
    );

    // The organizer's own tick is theirs: the next file keeps it, and no note claims otherwise.
    await chooseFile(container, judges);
    await click(box());
    await chooseFile(container, new File(['Judge,Contact\nAda,ada@judges.example\n'], 'own-header.csv'));
    expect(box().checked).toBe(true);
    expect(note()).toBeNull();
  });

  describe('project imports (R86a, the dry run)', () => {
    const exportFile = () =>
      new File(['Name,Desc,https://x.org/a\nNew one,,https://x.org/b\n'], 'projects.csv');
    const preview = vi.fn<NonNullable<CsvUploadPanelProps['preview']>>(async () => ({
      status: 200,
      error: '',
      data: {
        ok: 1,
        count: 1,
        skipped: 0,
        updated: 1,
        unchanged: 0,
        rows: [
          { line: 1, status: 'changed', name: 'Name', changes: ['description', 'url'] },
          { line: 2, status: 'new', name: 'New one', changes: [] },
        ],
      },
    }));

    it('ticks the update box, marks each row from the dry run and reports the re-import counts', async () => {
      let send: (fraction: number) => void = () => {};
      let finish: (result: Awaited<ReturnType<Upload>>) => void = () => {};
      const upload = vi.fn<Upload>((_file, _flags, onProgress) => {
        send = onProgress ?? send;
        return new Promise((resolve) => (finish = resolve));
      });
      const container = await renderPanel(upload, {
        noSendOption: false,
        preview,
        successText: 'Added project(s) successfully!',
      });
      const update = checkbox(
        container,
        'Update projects that are already here (matched by URL, else by name)',
      ) as HTMLInputElement;
      expect(update.checked).toBe(true);
      await chooseFile(container, exportFile());
      await vi.waitFor(() =>
        expect(container.textContent).toContain('Would import: 1 added, 1 updated, 0 unchanged'),
      );
      expect(preview).toHaveBeenCalledWith(expect.any(File), {
        headerRow: false,
        noSend: false,
        update: true,
        skipExisting: false,
      });
      const status = [...container.querySelectorAll('tbody tr')].map(
        (tr) => tr.querySelector('td')?.textContent,
      );
      expect(status).toEqual(['Changed: description, URL', 'New']);

      await click(button(container));
      await act(async () => send(0.4));
      const bar = container.querySelector('progress');
      expect(bar?.getAttribute('value')).toBe('40');
      expect(container.textContent).toContain('Uploading the file: 40%');
      await act(async () => send(1));
      expect(container.querySelector('progress')).toBeNull();
      expect(container.textContent).toContain('Processing…');
      const data = { ok: 1, count: 12, skipped: 3, updated: 27, unchanged: 3 } as const;
      await act(async () => finish({ status: 200, error: '', data }));
      expect(noticeTexts()).toEqual([
        [
          'success',
          'Added project(s) successfully! 12 added, 27 updated, 3 unchanged, 3 skipped (drafts or ignored tracks)',
        ],
      ]);
    });

    it.each([
      ['did not reach the server', networkFailure()],
      ['met a server in trouble', { status: 503, error: 'the database cannot be reached', data: null }],
    ])('leaves Upload on when the dry run %s', async (_label, answer) => {
      const unreachable = vi.fn<NonNullable<CsvUploadPanelProps['preview']>>(async () => answer);
      const container = await renderPanel(vi.fn(), { noSendOption: false, preview: unreachable });
      await chooseFile(container, exportFile());
      await vi.waitFor(() => expect(container.textContent).toContain('Could not check this file: '));
      expect(container.textContent).not.toContain('Upload is off');
      expect(button(container)?.disabled).toBe(false);
    });

    it('unticked, sends update=false and says every row is added; shows a refusal of the dry run', async () => {
      const refusing = vi.fn<NonNullable<CsvUploadPanelProps['preview']>>(async () => ({
        status: 400,
        error: 'line 2: name is required',
        data: null,
      }));
      const container = await renderPanel(vi.fn(), { noSendOption: false, preview: refusing });
      await click(
        checkbox(container, 'Update projects that are already here (matched by URL, else by name)'),
      );
      expect(container.textContent).toContain('Every row is added as a new project');
      await chooseFile(container, exportFile());
      await vi.waitFor(() =>
        expect(container.textContent).toContain('This file would be refused: line 2: name is required'),
      );
      // Upload waits: the server would only say the same.
      expect(container.textContent).toContain(
        'Upload is off: the server would refuse this file (see above).',
      );
      expect(button(container)?.disabled).toBe(true);
      expect(refusing).toHaveBeenLastCalledWith(expect.any(File), {
        headerRow: false,
        noSend: false,
        update: false,
        skipExisting: false,
      });
    });
  });
});
