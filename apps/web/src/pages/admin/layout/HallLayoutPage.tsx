/**
 * `/admin/layout`: the hall layout builder (R92). Areas of rows × tables placed beside each other,
 * drawn as the admin types, saved with one PUT; or a CSV of `table,x,y,area`.
 */
import { generateLayout } from '@podium/protocol';
import { useState } from 'react';
import { AdminGate } from '../../../components/AdminGate';
import { CsvUploadPanel } from '../../../components/CsvUploadPanel';
import { HallDrawing } from '../../../components/hall/HallDrawing';
import { Page } from '../../../components/Page';
import { saveHallLayout, uploadHallLayoutCsv, useHallLayout } from '../../../hooks/use-hall-layout';
import { notify } from '../../../stores/notice.store';
import { AreaFields } from './AreaFields';
import { newAreaDraft, readAreaDraft, type AreaDraft } from './plan-draft';
import './hall-layout-page.css';

export function HallLayoutPage() {
  return (
    <Page heading="Hall Layout" admin back logout>
      <AdminGate>
        <HallLayoutBuilder />
      </AdminGate>
    </Page>
  );
}

function HallLayoutBuilder() {
  const saved = useHallLayout('admin');
  const [drafts, setDrafts] = useState<AreaDraft[]>([newAreaDraft(0)]);
  const [busy, setBusy] = useState(false);
  const read = drafts.map(readAreaDraft);
  const plans = read.flatMap((r) => (r.plan ? [r.plan] : []));
  const complete = plans.length === drafts.length;
  const generated = generateLayout(plans);

  const save = async (tables = generated.tables) => {
    setBusy(true);
    const result = await saveHallLayout(tables);
    setBusy(false);
    if (result.data) notify.success(`Saved the hall layout (${tables.length} tables).`);
    else notify.error(`Could not save the layout: ${result.error}`);
  };
  const change = (index: number) => (draft: AreaDraft) =>
    setDrafts((all) => all.map((d, i) => (i === index ? draft : d)));

  return (
    <div className="stack">
      <p className="page__lead">
        Describe each room, floor or building as rows of tables; the drawing shows what judges will walk.
        Saved, the judging engine sends judges to the nearest tables and keeps them in one area while it still
        needs views. The saved layout has {saved.tables.length} tables.
      </p>
      {drafts.map((draft, index) => (
        <AreaFields
          key={index}
          index={index}
          draft={draft}
          errors={read[index]?.errors ?? {}}
          onChange={change(index)}
          onRemove={
            drafts.length > 1 ? () => setDrafts((all) => all.filter((_, i) => i !== index)) : undefined
          }
        />
      ))}
      <button
        type="button"
        className="btn btn--secondary"
        onClick={() => setDrafts((all) => [...all, newAreaDraft(all.length)])}
      >
        Add area
      </button>
      <section className="card stack" aria-labelledby="layout-preview-heading">
        <h2 id="layout-preview-heading">Preview: {generated.tables.length} tables</h2>
        {generated.problem && (
          <p className="field__error" role="alert">
            {generated.problem}
          </p>
        )}
        <HallDrawing
          tables={generated.tables}
          label={`Preview of the hall: ${generated.tables.length} tables`}
        />
        <div className="hall-layout__actions">
          <button
            type="button"
            className="btn btn--primary"
            disabled={busy || !complete || generated.problem !== undefined || generated.tables.length === 0}
            onClick={() => void save()}
          >
            Save layout
          </button>
          <button
            type="button"
            className="btn btn--secondary"
            disabled={busy || saved.tables.length === 0}
            onClick={() => void save([])}
          >
            Clear saved layout
          </button>
        </div>
      </section>
      <CsvUploadPanel
        title="Or import a layout CSV"
        description={
          <p>Columns in this order: table number, x (metres east), y (metres south), area (optional).</p>
        }
        fileLabel="Layout CSV file"
        columns={['Table', 'x (m)', 'y (m)', 'Area']}
        successText="Imported the hall layout!"
        upload={(file, flags) => uploadHallLayoutCsv(file, flags.headerRow)}
      />
    </div>
  );
}
