import { describe, expect, it, vi } from 'vitest';
import type { SendResult } from './offline-queue';
import { enqueue, loadEntries, Outbox, retryDelay } from './offline-queue';

type Op = { kind: 'notes'; project: string; notes: string } | { kind: 'rank'; ranking: string[] };
const keyOf = (op: Op) => (op.kind === 'notes' ? `notes:${op.project}` : 'rank');
const notes = (project: string, text: string): Op => ({ kind: 'notes', project, notes: text });

const NETWORK: SendResult = { ok: false, retry: true, status: 404, error: 'Network connection issue' };
const OK: SendResult = { ok: true };

/** An outbox over jsdom's localStorage with a scripted `send` and manual timers. */
function makeOutbox(
  results: SendResult[],
  storageKey = 'test:outbox',
  storage: Storage | null = localStorage,
  keyPrefix = 'key',
) {
  const sent: Op[] = [];
  const keys: string[] = [];
  let keyCount = 0;
  const timers: { run: () => void; ms: number }[] = [];
  const refused: string[] = [];
  const saved: Op[] = [];
  const answers: unknown[] = [];
  const outbox = new Outbox<Op>({
    storage,
    storageKey,
    keyOf,
    send: async (op, idempotencyKey) => {
      sent.push(op);
      keys.push(idempotencyKey);
      return results.shift() ?? OK;
    },
    newKey: () => `${keyPrefix}-${++keyCount}`,
    onSaved: (op, answer) => {
      saved.push(op);
      answers.push(answer);
    },
    onRefused: (_op, status, error) => refused.push(`${status} ${error}`),
    setTimer: (run, ms) => timers.push({ run, ms }),
    clearTimer: () => timers.splice(0),
  });
  return { outbox, sent, keys, timers, refused, saved, answers };
}

/** Lets the outbox's awaited sends settle. */
const settle = () => vi.waitFor(() => Promise.resolve());

const entry = <P>(id: string, key: string, payload: P) => ({
  id,
  key,
  idempotencyKey: id,
  payload,
  attempts: 0,
});
const noKey = () => 'fresh-key';

describe('enqueue', () => {
  it('coalesces repeated notes for the same project, keeping the newest at the end', () => {
    let q = enqueue<string | boolean>([], entry('a', 'notes:p1', 'one'));
    q = enqueue(q, entry('b', 'star:p1', true));
    q = enqueue(q, entry('c', 'notes:p1', 'two'));
    q = enqueue(q, entry('d', 'notes:p2', 'other'));
    expect(q.map((e) => [e.key, e.payload])).toEqual([
      ['star:p1', true],
      ['notes:p1', 'two'],
      ['notes:p2', 'other'],
    ]);
  });
});

describe('retryDelay', () => {
  it('backs off exponentially up to a cap', () => {
    expect([1, 2, 3, 4, 5, 9].map(retryDelay)).toEqual([1000, 2000, 4000, 8000, 10000, 10000]);
  });
});

describe('Outbox', () => {
  it('sends a change and forgets it once saved', async () => {
    const { outbox, sent, saved } = makeOutbox([OK]);
    outbox.submit(notes('p1', 'hello'));
    await settle();
    expect(sent).toEqual([notes('p1', 'hello')]);
    expect(saved).toEqual([notes('p1', 'hello')]);
    expect(outbox.snapshot()).toMatchObject({ entries: [], offline: false, sending: false });
    expect(outbox.snapshot().lastSavedAt).toBeGreaterThan(0);
    expect(localStorage.getItem('test:outbox')).toBeNull();
  });

  it("hands the server's answer to the saved change on (an undo's words)", async () => {
    const answer = { ok: 1, notes: 'n', feedback: 'f' };
    const { outbox, saved, answers } = makeOutbox([NETWORK, { ok: true, answer }]);
    outbox.submit(notes('p1', 'hello'));
    await settle();
    expect(saved).toEqual([]);
    await outbox.flush();
    expect(saved).toEqual([notes('p1', 'hello')]);
    expect(answers).toEqual([answer]);
  });

  it('keeps a change on a network failure, persists it, and retries with backoff', async () => {
    const { outbox, sent, timers } = makeOutbox([NETWORK, NETWORK, OK]);
    outbox.submit(notes('p1', 'draft'));
    await settle();
    expect(outbox.snapshot()).toMatchObject({ offline: true, sending: false });
    expect(loadEntries(localStorage, 'test:outbox', noKey)).toMatchObject([
      { key: 'notes:p1', payload: notes('p1', 'draft'), attempts: 1 },
    ]);
    expect(timers.map((t) => t.ms)).toEqual([1000]);

    timers.shift()!.run();
    await settle();
    expect(timers.map((t) => t.ms)).toEqual([2000]);

    timers.shift()!.run();
    await settle();
    expect(sent).toHaveLength(3);
    expect(outbox.snapshot()).toMatchObject({ entries: [], offline: false });
    expect(localStorage.getItem('test:outbox')).toBeNull();
  });

  it('coalesces notes typed while offline: one entry, and only the newest text is sent later', async () => {
    const { outbox, sent, timers } = makeOutbox([NETWORK, NETWORK, NETWORK, OK]);
    for (const text of ['a', 'ab', 'abc']) {
      outbox.submit(notes('p1', text));
      await settle();
    }
    expect(outbox.snapshot().entries.map((e) => e.payload)).toEqual([notes('p1', 'abc')]);
    expect(loadEntries(localStorage, 'test:outbox', noKey)).toHaveLength(1);
    expect(timers).toHaveLength(1); // one pending retry, not one per keystroke

    sent.splice(0);
    timers.shift()!.run();
    await settle();
    expect(sent).toEqual([notes('p1', 'abc')]);
    expect(outbox.snapshot().entries).toEqual([]);
  });

  it('sends every attempt of an entry with the same idempotency key, and a new key per entry', async () => {
    const { outbox, keys, timers } = makeOutbox([NETWORK, NETWORK, OK, OK]);
    void outbox.submit({ kind: 'rank', ranking: ['a'] });
    await settle();
    timers.shift()!.run();
    await settle();
    outbox.retryNow();
    await settle();
    void outbox.submit(notes('p1', 'x'));
    await settle();
    expect(keys).toEqual(['key-1', 'key-1', 'key-1', 'key-2']);
  });

  it('keeps the key of an entry over a reload', async () => {
    const first = makeOutbox([NETWORK], 'test:keys');
    void first.outbox.submit(notes('p1', 'x'));
    await settle();
    first.outbox.dispose();
    const second = makeOutbox([OK], 'test:keys');
    await second.outbox.flush();
    expect(second.keys).toEqual(first.keys);
  });

  it('tells the caller whether its change was saved, is waiting, or was refused', async () => {
    const refusal: SendResult = { ok: false, retry: false, status: 400, error: 'no current project' };
    const { outbox } = makeOutbox([OK, NETWORK, NETWORK, refusal, OK]);
    expect(await outbox.submit(notes('p1', 'a'))).toEqual({ saved: true });
    expect(await outbox.submit(notes('p2', 'b'))).toEqual({ waiting: true });
    // Queued behind the waiting entry, which fails again: it waits too.
    expect(await outbox.submit(notes('p3', 'c'))).toEqual({ waiting: true });
    outbox.retryNow();
    await settle();
    expect(outbox.snapshot().entries).toEqual([]);
    const refused = makeOutbox([refusal], 'test:refused').outbox.submit({ kind: 'rank', ranking: [] });
    expect(await refused).toEqual({ refused: { status: 400, error: 'no current project' } });
  });

  it('retries at once when asked (the browser is back online)', async () => {
    const { outbox, sent } = makeOutbox([NETWORK, OK]);
    outbox.submit({ kind: 'rank', ranking: ['a', 'b'] });
    await settle();
    expect(outbox.snapshot().offline).toBe(true);
    outbox.retryNow();
    await settle();
    expect(sent).toHaveLength(2);
    expect(outbox.snapshot()).toMatchObject({ entries: [], offline: false });
  });

  it('sends now on request, after the send under way, and says whether anything is left (logout)', async () => {
    const { outbox, sent } = makeOutbox([NETWORK, NETWORK, OK, OK]);
    void outbox.submit(notes('p1', 'a'));
    void outbox.submit(notes('p2', 'b'));
    await settle();
    // Still no network: the entries stay, and the caller hears so.
    expect(await outbox.sendNow()).toBe(false);
    expect(outbox.snapshot().entries).toHaveLength(2);
    // Asked while a send is on its way: waits for it, then sends the rest.
    const underWay = outbox.sendNow();
    expect(await outbox.sendNow()).toBe(true);
    expect(await underWay).toBe(true);
    expect(sent.map((op) => (op.kind === 'notes' ? op.notes : ''))).toEqual(['a', 'a', 'a', 'b']);
    expect(outbox.snapshot().entries).toEqual([]);
  });

  it('drops a refused change and reports it, then sends the rest', async () => {
    const refusal: SendResult = {
      ok: false,
      retry: false,
      status: 400,
      error: 'project not seen by this judge',
    };
    const { outbox, sent, refused } = makeOutbox([refusal, OK]);
    outbox.submit(notes('p1', 'x'));
    outbox.submit(notes('p2', 'y'));
    await settle();
    expect(refused).toEqual(['400 project not seen by this judge']);
    expect(sent.map((op) => (op.kind === 'notes' ? op.project : ''))).toEqual(['p1', 'p2']);
    expect(outbox.snapshot().entries).toEqual([]);
  });

  it('drops the waiting changes a refusal made moot, unsent and out of storage', async () => {
    const { outbox, sent } = makeOutbox([NETWORK], 'test:drop');
    outbox.submit(notes('p1', 'a'));
    outbox.submit(notes('p2', 'b'));
    outbox.submit({ kind: 'rank', ranking: ['p1'] });
    await settle();
    outbox.drop((op) => op.kind === 'notes' && op.project === 'p2', 'its project was refused');
    expect(loadEntries<Op>(localStorage, 'test:drop', noKey).map((e) => e.payload)).toEqual([
      notes('p1', 'a'),
      { kind: 'rank', ranking: ['p1'] },
    ]);
    await outbox.flush();
    expect(sent).toEqual([notes('p1', 'a'), notes('p1', 'a'), { kind: 'rank', ranking: ['p1'] }]);
  });

  it('picks up changes stored by an earlier page (a reload while offline)', async () => {
    const first = makeOutbox([NETWORK], 'test:reload');
    first.outbox.submit(notes('p9', 'typed offline'));
    await settle();
    first.outbox.dispose();

    const second = makeOutbox([OK], 'test:reload');
    expect(second.outbox.snapshot().entries.map((e) => e.payload)).toEqual([notes('p9', 'typed offline')]);
    await second.outbox.flush();
    expect(second.sent).toEqual([notes('p9', 'typed offline')]);
    expect(localStorage.getItem('test:reload')).toBeNull();
  });

  it('treats unreadable storage as empty', () => {
    localStorage.setItem('test:broken', '{not json');
    expect(loadEntries(localStorage, 'test:broken', noKey)).toEqual([]);
    localStorage.setItem(
      'test:broken',
      JSON.stringify([{ nope: 1 }, { id: 'a', key: 'k', attempts: 0, payload: 1 }]),
    );
    // Stored before R91 (no key): it gets one now, kept from then on.
    expect(loadEntries(localStorage, 'test:broken', noKey)).toEqual([
      { id: 'a', key: 'k', idempotencyKey: 'fresh-key', attempts: 0, payload: 1 },
    ]);
  });
});

/** Two tabs of the judge portal on one phone: two outboxes on one stored list. */
describe('Outbox in two tabs', () => {
  /** What the browser tells the other tabs once one tab stored its outbox (jsdom tells none). */
  const storedElsewhere = (storageKey: string) =>
    window.dispatchEvent(new StorageEvent('storage', { key: storageKey, storageArea: localStorage }));
  const texts = (ops: readonly Op[]) => ops.map((op) => (op.kind === 'notes' ? op.notes : op.ranking.join()));

  it("keeps the other tab's waiting change when one tab stores its own, and sends both in order", async () => {
    const first = makeOutbox([NETWORK], 'test:tabs', localStorage, 'first');
    const second = makeOutbox([NETWORK], 'test:tabs', localStorage, 'second');
    void first.outbox.submit(notes('p1', 'done in the first tab'));
    await settle();
    void second.outbox.submit({ kind: 'rank', ranking: ['p1'] });
    await settle();
    expect(texts(loadEntries<Op>(localStorage, 'test:tabs', noKey).map((e) => e.payload))).toEqual([
      'done in the first tab',
      'p1',
    ]);

    first.outbox.dispose(); // the first tab is closed
    second.outbox.retryNow();
    await settle();
    // The first tab's change goes first, with the first tab's key, from the second tab's first try.
    expect(texts(second.sent)).toEqual(['done in the first tab', 'done in the first tab', 'p1']);
    expect(second.keys).toEqual(['first-1', 'first-1', 'second-1']);
    expect(localStorage.getItem('test:tabs')).toBeNull();
  });

  it("shows the other tab's changes once stored, and whether they wait for the network", async () => {
    const first = makeOutbox([NETWORK], 'test:tabs-shown');
    const second = makeOutbox([], 'test:tabs-shown');
    const { outbox } = second;
    void first.outbox.submit(notes('p1', 'typed offline'));
    await settle();
    expect(outbox.snapshot().entries).toEqual([]);
    storedElsewhere('test:tabs-shown');
    expect(outbox.snapshot()).toMatchObject({ entries: [{ key: 'notes:p1' }], offline: true });

    // The first tab sends it: it leaves the second tab too, which sends nothing.
    await first.outbox.flush();
    storedElsewhere('test:tabs-shown');
    expect(outbox.snapshot()).toMatchObject({ entries: [], offline: false });
    outbox.retryNow();
    await settle();
    expect(second.sent).toEqual([]);
    first.outbox.dispose();
    outbox.dispose();
  });

  it('coalesces notes typed in two tabs: only the newest is sent', async () => {
    const first = makeOutbox([NETWORK], 'test:tabs-notes');
    const second = makeOutbox([NETWORK, OK], 'test:tabs-notes');
    void first.outbox.submit(notes('p1', 'a'));
    await settle();
    void second.outbox.submit(notes('p1', 'ab'));
    await settle();
    first.outbox.dispose();
    second.sent.splice(0);
    await second.outbox.flush();
    expect(texts(second.sent)).toEqual(['ab']);
    second.outbox.dispose();
  });

  it('both tabs sending at once send each change with its one key, in the order made', async () => {
    const first = makeOutbox([NETWORK], 'test:tabs-both', localStorage, 'first');
    const second = makeOutbox([NETWORK], 'test:tabs-both', localStorage, 'second');
    void first.outbox.submit(notes('p1', 'one'));
    await settle();
    void second.outbox.submit(notes('p2', 'two'));
    await settle();
    for (const tab of [first, second]) tab.keys.splice(0);
    // Back online: both tabs hear it.
    await Promise.all([first.outbox.flush(), second.outbox.flush()]);
    for (const tab of [first, second]) expect(tab.keys).toEqual(['first-1', 'second-1']);
    expect(localStorage.getItem('test:tabs-both')).toBeNull();
    first.outbox.dispose();
    second.outbox.dispose();
  });

  it("answers a caller whose change another tab sent (it no longer waits for this tab's send)", async () => {
    let release = () => {};
    const first = makeOutbox([NETWORK], 'test:tabs-waiting');
    void first.outbox.submit(notes('p1', 'a'));
    await settle();
    // The second tab's send of the first entry hangs; meanwhile it stores a change of its own.
    const second = new Outbox<Op>({
      storage: localStorage,
      storageKey: 'test:tabs-waiting',
      keyOf,
      newKey: () => 'second-key',
      send: () => new Promise<SendResult>((resolve) => (release = () => resolve(OK))),
    });
    void second.flush();
    const outcome = second.submit(notes('p2', 'b'));
    await first.outbox.flush(); // the first tab sends both
    expect(texts(first.sent)).toEqual(['a', 'a', 'b']);
    release();
    expect(await outcome).toEqual({ saved: true });
    expect(second.snapshot().entries).toEqual([]);
    first.outbox.dispose();
    second.dispose();
  });

  it('keeps changes in memory until sent where storage is disabled', async () => {
    const { outbox, sent } = makeOutbox([NETWORK, OK], 'test:no-storage', null);
    expect(await outbox.submit(notes('p1', 'x'))).toEqual({ waiting: true });
    expect(outbox.snapshot().entries).toHaveLength(1);
    await outbox.flush();
    expect(texts(sent)).toEqual(['x', 'x']);
    expect(outbox.snapshot().entries).toEqual([]);
  });
});
