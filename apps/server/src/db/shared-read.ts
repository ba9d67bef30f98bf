/**
 * One read for many callers that ask at once, without handing any of them an answer older than
 * its question: a caller that comes while a read is on its way waits for the next read, which
 * starts when that one ends and is shared by everyone who came meanwhile. So a burst of callers
 * costs two reads, not one each, and each still sees every commit made before it asked.
 */
const ignore = (): void => undefined;

export class SharedRead<T> {
  /** The read on its way. */
  private running: Promise<T> | undefined;
  /** The read that starts when `running` ends, for the callers that came after it began. */
  private next: Promise<T> | undefined;

  constructor(private readonly read: () => Promise<T>) {}

  get(): Promise<T> {
    const running = this.running;
    if (running === undefined) return this.start();
    this.next ??= running.then(ignore, ignore).then(() => {
      this.next = undefined;
      return this.start();
    });
    return this.next;
  }

  private start(): Promise<T> {
    const running = this.read();
    this.running = running;
    const done = () => {
      if (this.running === running) this.running = undefined;
    };
    running.then(done, done);
    return running;
  }
}
