/**
 * Group commit: callers hand in one item each and await its result; items that arrive while a
 * write is in flight are written together by the next one. Under load, one write (one statement,
 * one WAL flush) serves many callers; when idle, an item is written at once, with no timer delay.
 * A failed write fails every caller of that batch, and only them.
 */
export class GroupCommitter<T, R> {
  private waiting: { item: T; resolve: (r: R) => void; reject: (e: unknown) => void }[] = [];
  private running: Promise<void> | null = null;

  constructor(
    /** Writes a batch; answers one result per item, in the same order. */
    private readonly write: (items: T[]) => Promise<R[]>,
    private readonly maxBatch = 500,
  ) {}

  add(item: T): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.waiting.push({ item, resolve, reject });
      this.running ??= this.drain();
    });
  }

  /** Resolves when everything handed in so far has been written (or has failed). */
  async flushed(): Promise<void> {
    while (this.running) await this.running;
  }

  private async drain(): Promise<void> {
    // Let the current tick's callers join the first batch.
    await Promise.resolve();
    while (this.waiting.length > 0) {
      const batch = this.waiting.splice(0, this.maxBatch);
      try {
        const results = await this.write(batch.map((w) => w.item));
        for (const [i, w] of batch.entries()) w.resolve(results[i] as R);
      } catch (error) {
        for (const w of batch) w.reject(error);
      }
    }
    this.running = null;
  }
}
