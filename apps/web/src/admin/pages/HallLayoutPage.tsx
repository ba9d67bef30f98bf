/**
 * `/admin/layout`: the hall layout builder (R92). Areas of rows × tables placed beside each other,
 * drawn as the admin types, and the list of the tables that will be saved, editable one by one;
 * saved with one PUT that keeps the areas too; or a CSV of `table,x,y,area`. It opens on the saved
 * layout: its areas when the builder made it, its tables as they are.
 */
import { generateLayout, type AreaPlan, type LayoutTable } from '@podium/protocol';
import { useState } from 'react';
import { AdminGate } from '../components/AdminGate';
import { CsvUploadPanel } from '../components/CsvUploadPanel';
import { HallDrawing } from '../../components/hall/HallDrawing';
import { Page } from '../../components/Page';
import {
  fetchSavedLayout,
  saveHallLayout,
  uploadHallLayoutCsv,
  useHallLayout,
  useHallLayoutPlan,
} from '../../hooks/use-hall-layout';
import { notify } from '../../stores/notice.store';
import { AreaFields } from '../hall-layout/AreaFields';
import { draftOfPlan, newAreaDraft, readAreaDraft, type AreaDraft } from '../hall-layout/plan-draft';
import { TableRows } from '../hall-layout/TableRows';
import {
  planMatches,
  readRows,
  rowOf,
  withAreaRedrawn,
  withNewRow,
  withoutArea,
  type TableRow,
} from '../hall-layout/table-rows';
import './hall-layout-page.css';

export function HallLayoutPage() {
  return (
    <Page heading="Hall Layout" admin back logout>
      <AdminGate>
        <SavedLayoutLoader />
      </AdminGate>
    </Page>
  );
}

/** Waits for the saved layout and its areas, then opens the builder on them (once: later saves
 * from another tab do not overwrite what the admin is typing). */
function SavedLayoutLoader() {
  const saved = useHallLayout('admin');
  const plan = useHallLayoutPlan();
  if (saved.status === 'loading' || plan.loading) return <p role="status">Loading the saved layout…</p>;
  if (saved.status === 'error' || plan.data === undefined) {
    return (
      <p className="field__error" role="alert">
        Could not load the saved layout: {saved.error || plan.error}
      </p>
    );
  }
  return (
    <HallLayoutBuilder
      savedTables={saved.tables}
      savedPlan={plan.data.plan}
      savedCount={saved.tables.length}
    />
  );
}

interface BuilderProps {
  /** What the builder opens on (read once). */
  savedTables: readonly LayoutTable[];
  savedPlan: readonly AreaPlan[];
  /** The saved layout's size now (follows saves from any tab). */
  savedCount: number;
}

function HallLayoutBuilder({ savedTables, savedPlan, savedCount }: BuilderProps) {
  const [drafts, setDrafts] = useState<AreaDraft[]>(() =>
    savedPlan.length > 0 ? savedPlan.map(draftOfPlan) : [newAreaDraft(0)],
  );
  // null: the tables follow the areas' fields; else the list as the admin left it (hand edits,
  // an imported CSV, or a saved layout the kept areas no longer make).
  const [edited, setEdited] = useState<TableRow[] | null>(() =>
    savedTables.length === 0 || (savedPlan.length > 0 && planMatches(savedPlan, savedTables))
      ? null
      : savedTables.map(rowOf),
  );
  const [busy, setBusy] = useState(false);
  const read = drafts.map(readAreaDraft);
  const plans = read.flatMap((r) => (r.plan ? [r.plan] : []));
  const complete = plans.length === drafts.length;
  const generated = generateLayout(plans);
  const rows = edited ?? generated.tables.map(rowOf);
  const { tables, problems } = readRows(rows);
  const rowsReadable = problems.every((problem) => problem === '');
  const canSave = edited
    ? rowsReadable && tables.length > 0
    : complete && generated.problem === undefined && tables.length > 0;

  const save = async (toSave: readonly LayoutTable[], plan: readonly AreaPlan[]) => {
    setBusy(true);
    const result = await saveHallLayout(toSave, plan);
    setBusy(false);
    if (result.data) notify.success(`Saved the hall layout (${toSave.length} tables).`);
    else notify.error(`Could not save the layout: ${result.error}`);
  };
  const change = (index: number) => (draft: AreaDraft) =>
    setDrafts((all) => all.map((d, i) => (i === index ? draft : d)));
  const editRows = (edit: (rows: TableRow[]) => TableRow[]) => setEdited(edit([...rows]));
  const redraw = (index: number) => {
    if (plans.length <= index || read.slice(0, index + 1).some((r) => !r.plan)) {
      notify.error(`Fix the fields of areas 1 to ${index + 1} first.`);
      return;
    }
    editRows((all) => withAreaRedrawn(all, plans, index));
  };
  const removeArea = (index: number) => {
    if (edited) editRows((all) => withoutArea(all, drafts[index]?.name ?? ''));
    setDrafts((all) => all.filter((_, i) => i !== index));
  };

  return (
    <div className="stack">
      <p className="page__lead">
        Describe each room, floor or building as rows of tables; the drawing shows what judges will walk.
        Saved, the judging engine sends judges to the nearest tables and keeps them in one area while it still
        needs views. The saved layout has {savedCount} tables.
      </p>
      {drafts.map((draft, index) => (
        <AreaFields
          key={index}
          index={index}
          draft={draft}
          errors={read[index]?.errors ?? {}}
          onChange={change(index)}
          onRemove={drafts.length > 1 ? () => removeArea(index) : undefined}
          onRedraw={edited ? () => redraw(index) : undefined}
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
        <h2 id="layout-preview-heading">Preview: {tables.length} tables</h2>
        {!edited && generated.problem && (
          <p className="field__error" role="alert">
            {generated.problem}
          </p>
        )}
        <HallDrawing tables={tables} label={`Preview of the hall: ${tables.length} tables`} />
        <div className="hall-layout__actions">
          <button
            type="button"
            className="btn btn--primary"
            disabled={busy || !canSave}
            onClick={() => void save(tables, complete ? plans : [])}
          >
            Save layout
          </button>
          <button
            type="button"
            className="btn btn--secondary"
            disabled={busy || savedCount === 0}
            onClick={() => void save([], [])}
          >
            Clear saved layout
          </button>
        </div>
      </section>
      <section className="card stack" aria-labelledby="layout-tables-heading">
        <h2 id="layout-tables-heading">Tables one by one</h2>
        <p>
          {edited
            ? 'These tables are saved as listed (changed by hand, imported, or saved so): changing an area’s ' +
              'fields no longer redraws them. “Redraw area N’s tables” replaces one area’s tables from its fields.'
            : 'These tables follow the areas above. Change a number, a position or an area here, or remove a ' +
              'table, to adjust single tables.'}
        </p>
        <div className="hall-rows__scroll">
          <TableRows
            rows={rows}
            problems={problems}
            onChange={(index, row) => editRows((all) => all.map((r, i) => (i === index ? row : r)))}
            onRemove={(index) => editRows((all) => all.filter((_, i) => i !== index))}
          />
        </div>
        <div className="hall-layout__actions">
          <button type="button" className="btn btn--secondary" onClick={() => editRows(withNewRow)}>
            Add table
          </button>
          {edited && (
            <button type="button" className="btn btn--secondary" onClick={() => setEdited(null)}>
              Redraw all tables from the areas
            </button>
          )}
        </div>
      </section>
      <CsvUploadPanel
        title="Or import a layout CSV"
        description={
          <p>Columns in this order: table number, x (metres east), y (metres south), area (optional).</p>
        }
        fileLabel="Layout CSV file"
        columns={['Table', 'x (m)', 'y (m)', 'Area']}
        headerNames={['Table', 'Table Number', 'x', 'y', 'x (m)', 'y (m)', 'Area']}
        successText="Imported the hall layout!"
        upload={async (file, flags) => {
          const result = await uploadHallLayoutCsv(file, flags.headerRow);
          // The list shows what was imported, to adjust it further.
          const saved = result.data ? await fetchSavedLayout() : null;
          if (saved) setEdited(saved.map(rowOf));
          return result;
        }}
      />
    </div>
  );
}
