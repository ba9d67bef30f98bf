/**
 * How old the server state this tab shows may be: the lowest `SEQ_HEADER` of the API answers it
 * received (docs/api-extensions.md, "Catching up at the first connect"). A portal's first
 * handshake sends it as `since`, and the server sends back the events the page's reads missed:
 * a change made between those reads and the socket's first connect is shown like any other.
 * Reconnects need none of this: they refetch everything (API.md 6.2).
 */
import { SEQ_HEADER } from '@podium/protocol';

export class ShownSeq {
  private lowest: number | undefined;
  private readonly waiting = new Set<() => void>();

  /** Takes the `SEQ_HEADER` of an answer (absent on writes and on other servers' answers). */
  note(headers: Pick<Headers, 'get'>): void {
    const seq = Number(headers.get(SEQ_HEADER) ?? Number.NaN);
    if (Number.isSafeInteger(seq) && seq >= 0 && (this.lowest === undefined || seq < this.lowest)) {
      this.lowest = seq;
      this.waiting.forEach((answered) => answered());
      this.waiting.clear();
    }
  }

  /**
   * Resolves once an answer gave a `since`, or after `ms` without one. A first handshake sent
   * before any read was answered has none, and a change committed before the server admitted the
   * socket was then not shown (a loaded CI machine's dashboard missed a rename until its 15 s poll;
   * the expo and the judges' pages have no poll).
   */
  async answered(ms: number): Promise<void> {
    if (this.lowest !== undefined) return;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.waiting.add(done);
    });
  }

  /** The `since` of a first handshake; undefined before any read answered. */
  since(): number | undefined {
    return this.lowest;
  }
}

/** One per tab, like the tab's sockets (realtime/connection.ts). */
export const shownSeq = new ShownSeq();
