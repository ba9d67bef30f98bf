import { endpoints, type TeamCode } from '@podium/protocol';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { flushSync } from 'react-dom';
import { callApi } from '../../api/client';
import { Page } from '../../components/Page';
import { useEndpointQuery } from '../../queries/use-endpoint-query';
import { invalidate, useQueryInvalidation } from '../../realtime/use-query-invalidation';
import { notify } from '../../stores/notice.store';
import { AdminGate } from '../components/AdminGate';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { PaperChoice, usePaper } from '../components/PaperChoice';
import { PrintedLinksNotice, usePrintedLinksBase } from '../components/PrintedLinksNotice';
import { QrSvg } from '../components/QrSvg';

/** The link a table card encodes: the team's status page (issue 24). */
export const teamStatusUrl = (origin: string, code: string) => `${origin}/team/${encodeURIComponent(code)}`;

/**
 * `/admin/table-cards` (issue 24): one card per project (table number, name, a QR code of the
 * team's status link and the link in text) to print on A4 or Letter and put on each table.
 */
export function TableCardsPage() {
  return (
    <Page heading="Table cards" admin back logout>
      <AdminGate>
        <TableCards />
      </AdminGate>
    </Page>
  );
}

function TableCards() {
  const [paper, setPaper] = usePaper();
  /** The one card being printed (after its code was replaced), or null for all of them. */
  const [single, setSingle] = useState<string | null>(null);
  const printOne = (projectId: string) => {
    // The page must show the one card before the print dialog reads it; print() returns once the
    // dialog closes.
    flushSync(() => setSingle(projectId));
    window.print();
    setSingle(null);
  };
  const codes = useEndpointQuery(endpoints.teamCodes);
  // Projects added, renamed, moved or deleted on another laptop: print the cards as they are now.
  useQueryInvalidation('admin', { 'projects.changed': [endpoints.teamCodes] });
  const { base, error } = usePrintedLinksBase();
  if (codes.data === undefined || base === undefined) {
    return codes.error || error ? (
      <p className="card admin-gate-error" role="alert">
        Could not load the team codes: {codes.error || error}
      </p>
    ) : (
      <span className="spinner" role="status" aria-label="Loading team codes" />
    );
  }
  const cards = codes.data;
  return (
    // The chosen paper is a named page of admin.css (`@page a4`, `@page letter`): no inline style.
    <div className={`table-cards table-cards--${paper}${single === null ? '' : ' table-cards--single'}`}>
      <div className="table-cards__intro">
        <p>
          {cards.length} {cards.length === 1 ? 'card' : 'cards'}, one per project. Put each on its table: the
          team scans it to follow its judging live and to call an organizer. A card stays valid until you
          replace its code.
        </p>
        <PaperChoice paper={paper} onChange={setPaper} />
        <button type="button" className="btn btn--primary" onClick={() => window.print()}>
          Print
        </button>
        <PrintedLinksNotice base={base} />
      </div>
      <ul className="table-cards__cards">
        {cards.map((card) => {
          const url = teamStatusUrl(base, card.code);
          return (
            <li
              key={card.project_id}
              className={`table-card${single === card.project_id ? ' table-card--printing' : ''}`}
            >
              <p className="table-card__table">Table {card.table}</p>
              <p className="table-card__name">{card.project_name}</p>
              <QrSvg text={url} label={`QR code of the status page of ${card.project_name}`} />
              <p className="table-card__link">{url}</p>
              <div className="table-card__actions">
                <ReplaceCode card={card} />
                <button
                  type="button"
                  className="btn btn--secondary btn--small"
                  onClick={() => printOne(card.project_id)}
                >
                  Print this card<span className="visually-hidden"> of {card.project_name}</span>
                </button>
              </div>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/** Replaces one team's code (a lost or copied card): the old card's link stops working. */
function ReplaceCode({ card }: { card: TeamCode }) {
  const client = useQueryClient();
  const [open, setOpen] = useState(false);
  const replace = async () => {
    const result = await callApi(endpoints.teamCodeRegenerate, { params: { id: card.project_id } });
    if (!result.data) return notify.error(result.error);
    notify.success(`New code for ${card.project_name}: print its card again (Print this card).`);
    setOpen(false);
    await invalidate(client, endpoints.teamCodes, true);
  };
  return (
    <>
      <button type="button" className="btn btn--secondary btn--small" onClick={() => setOpen(true)}>
        Replace code<span className="visually-hidden"> of {card.project_name}</span>
      </button>
      <ConfirmDialog
        open={open}
        title={`Replace the code of ${card.project_name}?`}
        confirmLabel="Replace the code"
        tone="danger"
        onConfirm={replace}
        onClose={() => setOpen(false)}
      >
        <p>The card on the table stops working: print this project&rsquo;s card again and swap it.</p>
      </ConfirmDialog>
    </>
  );
}
