/**
 * The judge's Undo (issue 35) on the pages: the offer the banner shows, ticking while its window
 * lasts, the tap that queues `POST /judge/undo` in the outbox, and the move to the live page once
 * an undo landed (the server gives the project again).
 */
import { endpoints } from '@podium/protocol';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { endpointQuery } from '../../queries/use-endpoint-query';
import type { UndoOffer } from '../logic/undo';
import { undoOffer } from '../logic/undo';
import { notifyWaiting, useJudgeSyncStore } from '../stores/sync.store';
import { useJudgeUndoStore } from '../stores/undo.store';
import { keptSummary, useDeliberation, useJudgeSelf } from './use-judge-data';

/** The countdown shows seconds: four ticks a second keep it exact to a quarter second. */
const TICK_MS = 250;

/** Said when the undo waits on the phone, as a Done saved offline is. */
const UNDO_SAVED_ON_PHONE = 'Undo saved on this phone; it will be sent when you are back online.';

/** A project's name as this phone keeps it (the live page read it), for an action still waiting here. */
const keptName = (projectId: string): string => keptSummary(projectId)?.name ?? 'your last project';

/**
 * What the banner offers now, or null: none while deliberation is on or the account is disabled
 * (the server refuses then), nor once the window passed.
 */
export function useUndoOffer(): UndoOffer | null {
  const query = useQuery(endpointQuery(endpoints.judgeUndoable));
  const pending = useJudgeSyncStore((state) => state.pending);
  const offline = useJudgeSyncStore((state) => state.status === 'offline');
  const refused = useJudgeUndoStore((state) => state.refused);
  const landed = useJudgeUndoStore((state) => state.landed);
  const deliberation = useDeliberation();
  const active = useJudgeSelf().data?.active ?? true;
  const [clock, setClock] = useState(Date.now);
  const offer =
    deliberation || !active
      ? null
      : undoOffer({
          answer: query.data,
          fetchedAt: query.dataUpdatedAt,
          clock,
          pending,
          offline,
          refused,
          landed,
          nameOf: keptName,
        });
  const ticking = offer !== null && offer.leftMs !== null;
  useEffect(() => {
    if (!ticking) return;
    const id = setInterval(() => setClock(Date.now()), TICK_MS);
    return () => clearInterval(id);
  }, [ticking]);
  return offer;
}

/** Queues the undo of `offer` behind every change waiting before it. */
export async function undo(offer: UndoOffer): Promise<void> {
  const outcome = await useJudgeSyncStore
    .getState()
    .submit({ kind: 'undo', projectId: offer.projectId, name: offer.name, at: offer.at });
  if ('waiting' in outcome) notifyWaiting(UNDO_SAVED_ON_PHONE);
}

/** Once an undo landed, every judge page goes to the live page, which shows the project again. */
export function useFollowUndo(): void {
  const givenBack = useJudgeUndoStore((state) => state.givenBack);
  const navigate = useNavigate();
  const { pathname } = useLocation();
  useEffect(() => {
    if (givenBack !== null && pathname !== '/judge/live') void navigate('/judge/live');
  }, [givenBack, pathname, navigate]);
}
