/**
 * Micro-batching: callers hand in one item each and await its result; items that arrive while
 * batches are in flight are handled together by the next one. Used for writes (group commit: one
 * statement and one WAL flush serve many webhooks, decision 0018) and for reads (one statement
 * serves many storefront requests, decision 0055). When idle an item goes at once, with no timer
 * delay; under load the batches grow by themselves. A failed batch fails its own callers only.
 */
export class MicroBatcher<T, R> {
  private waiting: { item: T; resolve: (r: R) => void; reject: (e: unknown) => void }[] = [];
  private inFlight = 0;
  private scheduled = false;
  private idle: (() => void)[] = [];

  constructor(
    /** Handles a batch; answers one result per item, in the same order. */
    private readonly run: (items: T[]) => Promise<R[]>,
    private readonly options: { maxBatch?: number; concurrency?: number } = {},
  ) {}

  add(item: T): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.waiting.push({ item, resolve, reject });
      if (this.scheduled) return;
      this.scheduled = true;
      // Let the current tick's callers join the first batch.
      queueMicrotask(() => {
        this.scheduled = false;
        this.pump();
      });
    });
  }

  /** Resolves when everything handed in so far has been handled (or has failed). */
  flushed(): Promise<void> {
    if (this.inFlight === 0 && this.waiting.length === 0) return Promise.resolve();
    return new Promise((resolve) => this.idle.push(resolve));
  }

  private pump(): void {
    const { maxBatch = 500, concurrency = 1 } = this.options;
    while (this.inFlight < concurrency && this.waiting.length > 0) {
      const batch = this.waiting.splice(0, maxBatch);
      this.inFlight += 1;
      void this.run(batch.map((w) => w.item))
        .then(
          (results) => {
            for (const [i, w] of batch.entries()) w.resolve(results[i] as R);
          },
          (error: unknown) => {
            for (const w of batch) w.reject(error);
          },
        )
        .finally(() => {
          this.inFlight -= 1;
          this.pump();
          if (this.inFlight === 0 && this.waiting.length === 0) {
            for (const resolve of this.idle.splice(0)) resolve();
          }
        });
    }
  }
}
