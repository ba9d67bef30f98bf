/**
 * A small persistent outbox for writes that must survive poor Wi-Fi (every judge write: welcome,
 * finish, skip and flag, ranking, stars, notes).
 *
 * Every change is written to `localStorage` before it is sent, so a reload or a closed tab loses
 * nothing. Each entry carries its R91 `Idempotency-Key` from the moment it is created, stored
 * with it, and every retry sends the same key: a write whose answer was lost lands once. Entries
 * with the same key coalesce (only the newest notes of a project, the newest star of a project
 * and the newest ranking matter), and they are sent one at a time, oldest first. A network
 * failure keeps the entry and retries with backoff, on the browser's `online` event or when the
 * page becomes visible again; a refusal by the server drops it and reports it.
 *
 * Every tab of the judge portal on a phone shares the stored list: each change to it re-reads the
 * stored entries and changes them by entry id, and a `storage` event tells a tab what another tab
 * stored, so no tab writes its own list over another tab's entries. Two tabs may both send the
 * same entry (both come back online at once): it carries one idempotency key, so it lands once.
 *
 * Why not TanStack Query's paused, persisted mutations: its persister writes at most once a
 * second (throttled), so a write made just before the tab closes can be lost; paused mutations
 * resume in parallel unless scoped, cannot coalesce, and need every mutation function registered
 * before the cache is restored. This file is small and tested (docs/offline.md).
 */

export interface QueueEntry<P> {
  /** Unique per entry, also across reloads: removal after a send is by id, never by key. */
  id: string;
  /** Entries with the same key replace each other. */
  key: string;
  /** R91: sent with every attempt of this entry. */
  idempotencyKey: string;
  payload: P;
  /** Failed network attempts so far; drives the backoff. */
  attempts: number;
}

/** The outcome of one send: saved (with the server's answer), worth retrying (network), or refused for good. */
export type SendResult =
  { ok: true; answer?: unknown } | { ok: false; retry: boolean; status: number; error: string };

/** What became of one submitted change, as its first attempt tells: sent, waiting, or refused. */
export type SubmitOutcome =
  { saved: true } | { waiting: true } | { refused: { status: number; error: string } };

export interface OutboxSnapshot<P> {
  entries: readonly QueueEntry<P>[];
  /** A send is on its way. */
  sending: boolean;
  /** The last attempt failed on the network; entries wait for a retry. */
  offline: boolean;
  /** `Date.now()` of the last successful send, 0 if none. */
  lastSavedAt: number;
}

/** Where a judge's outbox is kept in `localStorage` (the browser tests read it there too). */
export const outboxStorageKey = (judgeId: string) => `podium:outbox:${judgeId}`;

/** Backoff after the n-th failed attempt (1-based): 1 s, 2 s, 4 s, 8 s, then every 10 s. */
export const RETRY_BASE_MS = 1_000;
export const RETRY_MAX_MS = 10_000;
export function retryDelay(attempts: number): number {
  return Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** Math.max(0, attempts - 1));
}

/** Adds an entry, dropping any older entry with the same key (coalescing). */
export function enqueue<P>(entries: readonly QueueEntry<P>[], entry: QueueEntry<P>): QueueEntry<P>[] {
  return [...entries.filter((e) => e.key !== entry.key), entry];
}

export function removeEntry<P>(entries: readonly QueueEntry<P>[], id: string): QueueEntry<P>[] {
  return entries.filter((e) => e.id !== id);
}

export function countAttempt<P>(entries: readonly QueueEntry<P>[], id: string): QueueEntry<P>[] {
  return entries.map((e) => (e.id === id ? { ...e, attempts: e.attempts + 1 } : e));
}

const isEntry = (value: unknown): value is Omit<QueueEntry<unknown>, 'idempotencyKey'> =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as QueueEntry<unknown>).id === 'string' &&
  typeof (value as QueueEntry<unknown>).key === 'string' &&
  typeof (value as QueueEntry<unknown>).attempts === 'number' &&
  'payload' in value;

/**
 * The stored entries; anything unreadable counts as empty rather than breaking the page. Entries
 * stored by an app version before R91 get their key now: they were never sent with one.
 */
export function loadEntries<P>(storage: Storage | null, key: string, newKey: () => string): QueueEntry<P>[] {
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(key) ?? '[]');
    if (!Array.isArray(parsed)) return [];
    return parsed.filter(isEntry).map((entry) => ({
      ...entry,
      idempotencyKey:
        typeof (entry as QueueEntry<P>).idempotencyKey === 'string'
          ? (entry as QueueEntry<P>).idempotencyKey
          : newKey(),
    })) as QueueEntry<P>[];
  } catch {
    return [];
  }
}

/** Stores the entries; false when they could not be (storage full or disabled). */
export function saveEntries<P>(
  storage: Storage | null,
  key: string,
  entries: readonly QueueEntry<P>[],
): boolean {
  if (!storage) return false;
  try {
    if (entries.length === 0) storage.removeItem(key);
    else storage.setItem(key, JSON.stringify(entries));
    return true;
  } catch {
    return false;
  }
}

export interface OutboxOptions<P> {
  storage: Storage | null;
  storageKey: string;
  keyOf: (payload: P) => string;
  /** Sends one entry's change with its idempotency key. */
  send: (payload: P, idempotencyKey: string) => Promise<SendResult>;
  /** A fresh R91 key for a new entry. */
  newKey: () => string;
  /** A change was saved; `answer` is the server's answer to it. */
  onSaved?: (payload: P, answer: unknown) => void;
  onRefused?: (payload: P, status: number, error: string) => void;
  onChange?: (snapshot: OutboxSnapshot<P>) => void;
  /** Injected for tests. */
  now?: () => number;
  setTimer?: (run: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
}

/**
 * 128 random bits in hex: unique across reloads and tabs without a counter. Not
 * `crypto.randomUUID`: it is missing on plain-HTTP pages, where the outbox must work too.
 */
const newId = (): string =>
  Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join(
    '',
  );

export class Outbox<P> {
  private entries: QueueEntry<P>[] = [];
  /**
   * Entries storage refused (full, or disabled in private mode): they live in memory until sent.
   * Any other entry missing from storage left it in another tab (sent, refused or replaced).
   */
  private unstored = new Set<string>();
  private sending = false;
  /** Callers of `sendNow` waiting for a send under way to end. */
  private readonly emitted: (() => void)[] = [];
  private offline = false;
  private lastSavedAt = 0;
  private timer: unknown = null;
  /** Callers waiting for the first outcome of their entry, by entry id. */
  private readonly waiting = new Map<string, (outcome: SubmitOutcome) => void>();
  private readonly options: Required<Omit<OutboxOptions<P>, 'onSaved' | 'onRefused' | 'onChange'>> &
    OutboxOptions<P>;

  constructor(options: OutboxOptions<P>) {
    this.options = {
      now: () => Date.now(),
      setTimer: (run, ms) => setTimeout(run, ms),
      clearTimer: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
      ...options,
    };
    // Stores at once the keys given to entries stored before R91: every tab then sends the same.
    this.update((entries) => entries);
    if (typeof window !== 'undefined') window.addEventListener('storage', this.onStored);
  }

  snapshot(): OutboxSnapshot<P> {
    return {
      entries: this.entries,
      sending: this.sending,
      offline: this.offline,
      lastSavedAt: this.lastSavedAt,
    };
  }

  /**
   * Persists the change at once, then tries to send it. Resolves with the first outcome: saved,
   * waiting (the network failed; it stays stored and is retried), or refused by the server.
   */
  submit(payload: P): Promise<SubmitOutcome> {
    const entry = {
      id: newId(),
      key: this.options.keyOf(payload),
      idempotencyKey: this.options.newKey(),
      payload,
      attempts: 0,
    };
    const replaced = this.read().filter((e) => e.key === entry.key);
    this.update((entries) => enqueue(entries, entry));
    // A change replaced by a newer one is as good as saved for its caller: the newer one decides.
    for (const old of replaced) this.settle(old.id, { saved: true });
    const outcome = new Promise<SubmitOutcome>((resolve) => this.waiting.set(entry.id, resolve));
    void this.flush();
    return outcome;
  }

  /** Sends every entry, oldest first, until the queue is empty or the network fails. */
  async flush(): Promise<void> {
    if (this.sending) return;
    this.cancelRetry();
    // Read again before each send: another tab may have added entries, or sent the next one.
    for (let entry = this.refresh(); entry !== undefined; entry = this.refresh()) {
      this.sending = true;
      this.emit();
      const result = await this.options.send(entry.payload, entry.idempotencyKey);
      this.sending = false;
      if (result.ok) {
        this.offline = false;
        this.lastSavedAt = this.options.now();
        // Before the entry leaves: the saved value is in the page's data when the pending one goes.
        this.options.onSaved?.(entry.payload, result.answer);
        this.update((entries) => removeEntry(entries, entry.id));
        this.settle(entry.id, { saved: true });
      } else if (result.retry) {
        this.offline = true;
        this.update((entries) => countAttempt(entries, entry.id));
        this.scheduleRetry(retryDelay(entry.attempts + 1));
        // Everything still queued waits behind this entry: tell each caller so.
        for (const waiting of this.entries) this.settle(waiting.id, { waiting: true });
        return;
      } else {
        this.update((entries) => removeEntry(entries, entry.id));
        this.options.onRefused?.(entry.payload, result.status, result.error);
        this.settle(entry.id, { refused: { status: result.status, error: result.error } });
      }
    }
    this.emit();
  }

  /**
   * Sends what waits now, after the send under way if any (a logout asks for it); resolves
   * whether nothing is left waiting (false: the network failed).
   */
  async sendNow(): Promise<boolean> {
    while (this.sending) await new Promise<void>((resolve) => this.emitted.push(resolve));
    await this.flush();
    return this.entries.length === 0;
  }

  /** Retry now (the browser came back online, or the page became visible). */
  retryNow(): void {
    if (this.read().length > 0) void this.flush();
  }

  /**
   * Takes out, unsent, the waiting entries whose change lost its purpose (`moot`): the change they
   * followed up was refused. A caller still waiting for one hears it refused, with `reason`.
   */
  drop(moot: (payload: P) => boolean, reason: string): void {
    const dropped = this.read().filter((entry) => moot(entry.payload));
    if (dropped.length === 0) return;
    const ids = new Set(dropped.map((entry) => entry.id));
    this.update((entries) => entries.filter((entry) => !ids.has(entry.id)));
    for (const { id } of dropped) this.settle(id, { refused: { status: 0, error: reason } });
  }

  dispose(): void {
    if (typeof window !== 'undefined') window.removeEventListener('storage', this.onStored);
    this.cancelRetry();
    for (const entry of this.entries) this.settle(entry.id, { waiting: true });
  }

  private settle(id: string, outcome: SubmitOutcome): void {
    this.waiting.get(id)?.(outcome);
    this.waiting.delete(id);
  }

  private scheduleRetry(ms: number): void {
    this.cancelRetry();
    this.timer = this.options.setTimer(() => {
      this.timer = null;
      void this.flush();
    }, ms);
  }

  private cancelRetry(): void {
    if (this.timer !== null) this.options.clearTimer(this.timer);
    this.timer = null;
  }

  /**
   * The stored entries (another tab's too), then those storage refused; an entry keeps the
   * idempotency key this tab knows it by.
   */
  private read(): QueueEntry<P>[] {
    const stored = loadEntries<P>(this.options.storage, this.options.storageKey, this.options.newKey);
    const known = new Map(this.entries.map((e) => [e.id, e]));
    const storedIds = new Set(stored.map((e) => e.id));
    return [
      ...stored.map((e) => ({ ...e, idempotencyKey: known.get(e.id)?.idempotencyKey ?? e.idempotencyKey })),
      ...this.entries.filter((e) => this.unstored.has(e.id) && !storedIds.has(e.id)),
    ];
  }

  /** Changes the entries as stored now (by id, so another tab's stay) and stores the result. */
  private update(change: (entries: QueueEntry<P>[]) => QueueEntry<P>[]): void {
    const before = this.read();
    const entries = change(before);
    const stored = saveEntries(this.options.storage, this.options.storageKey, entries);
    const wasStored = new Set(before.filter((e) => !this.unstored.has(e.id)).map((e) => e.id));
    this.unstored = new Set(stored ? [] : entries.filter((e) => !wasStored.has(e.id)).map((e) => e.id));
    this.entries = entries;
    this.emit();
  }

  /**
   * Takes the entries as stored now, before a send; a caller still waiting for an entry another
   * tab took out (sent, refused, or replaced by a newer change) hears it as saved: that tab
   * answered for it. Returns the first entry, the next to send.
   */
  private refresh(): QueueEntry<P> | undefined {
    this.entries = this.read();
    const ids = new Set(this.entries.map((e) => e.id));
    for (const id of [...this.waiting.keys()]) if (!ids.has(id)) this.settle(id, { saved: true });
    return this.entries[0];
  }

  /**
   * Another tab changed the stored entries: show them. Its failed attempts count here too (an
   * entry tried tells whether the phone is offline); sending them is left to that tab, to the
   * retries (online again, the page shown again) and to this tab's next flush.
   */
  private readonly onStored = (event: StorageEvent): void => {
    if (event.storageArea !== this.options.storage) return;
    if (event.key !== null && event.key !== this.options.storageKey) return;
    this.entries = this.read();
    if (!this.sending) this.offline = (this.entries[0]?.attempts ?? 0) > 0;
    this.emit();
  };

  private emit(): void {
    this.options.onChange?.(this.snapshot());
    for (const resolve of this.emitted.splice(0)) resolve();
  }
}
