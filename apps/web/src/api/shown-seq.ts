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
  /** API reads sent and not yet answered (or failed). */
  private reads = 0;
  private readonly waiting = new Set<() => void>();

  /** A read is sent; call what it returns once it is answered or failed (after `note`). */
  reading(): () => void {
    this.reads += 1;
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      this.reads -= 1;
      if (this.reads === 0) this.wake();
    };
  }

  /** Takes the `SEQ_HEADER` of an answer (absent on writes and on other servers' answers). */
  note(headers: Pick<Headers, 'get'>): void {
    const seq = Number(headers.get(SEQ_HEADER) ?? Number.NaN);
    if (Number.isSafeInteger(seq) && seq >= 0 && (this.lowest === undefined || seq < this.lowest)) {
      this.lowest = seq;
      this.wake();
    }
  }

  /**
   * Resolves once an answer gave a `since`, at once when no read is on its way (a page shown from
   * kept answers), else when none is left or after `ms`. A first handshake sent while the page's
   * first reads were on their way had no `since`, and a change committed before the server
   * admitted the socket was then not shown (a loaded CI machine's dashboard missed a rename until
   * its 15 s poll; the expo polls every 30 s, the judges' pages not at all).
   */
  async answered(ms: number): Promise<void> {
    if (this.lowest !== undefined || this.reads === 0) return;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.waiting.add(done);
    });
  }

  private wake(): void {
    this.waiting.forEach((done) => done());
    this.waiting.clear();
  }

  /** The `since` of a first handshake; undefined before any read answered. */
  since(): number | undefined {
    return this.lowest;
  }
}

/** One per tab, like the tab's sockets (realtime/connection.ts). */
export const shownSeq = new ShownSeq();
