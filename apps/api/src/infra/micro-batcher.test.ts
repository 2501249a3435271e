import { describe, expect, it } from "vitest";
import { MicroBatcher } from "./micro-batcher";

describe("MicroBatcher", () => {
  it("writes an item at once when idle, and everything that arrives during a write together next", async () => {
    const writes: number[][] = [];
    let release: () => void = () => undefined;
    const committer = new MicroBatcher<number, string>(async (items) => {
      writes.push(items);
      if (writes.length === 1) await new Promise<void>((r) => (release = r));
      return items.map((i) => `ok ${i}`);
    });
    const first = committer.add(1);
    await new Promise((r) => setTimeout(r, 0));
    // The first write is in flight: these wait for it, then share one write.
    const rest = [2, 3, 4].map((i) => committer.add(i));
    release();
    expect(await first).toBe("ok 1");
    expect(await Promise.all(rest)).toEqual(["ok 2", "ok 3", "ok 4"]);
    expect(writes).toEqual([[1], [2, 3, 4]]);
  });

  it("callers of one tick share the first write; batches never exceed their maximum", async () => {
    const writes: number[][] = [];
    const committer = new MicroBatcher<number, number>(
      async (items) => {
        writes.push(items);
        return items.map((i) => i * 10);
      },
      { maxBatch: 2 },
    );
    expect(await Promise.all([1, 2, 3, 4, 5].map((i) => committer.add(i)))).toEqual([10, 20, 30, 40, 50]);
    expect(writes).toEqual([[1, 2], [3, 4], [5]]);
  });

  it("a failed write fails its own callers only", async () => {
    let calls = 0;
    const committer = new MicroBatcher<string, string>(
      async (items) => {
        calls += 1;
        if (calls === 1) throw new Error("disk full");
        return items;
      },
      { maxBatch: 1 },
    );
    const [a, b] = await Promise.allSettled([committer.add("a"), committer.add("b")]);
    expect(a).toMatchObject({ status: "rejected", reason: new Error("disk full") });
    expect(b).toEqual({ status: "fulfilled", value: "b" });
    await committer.flushed();
  });

  it("runs up to `concurrency` batches at once, and the next one takes everything that waited", async () => {
    const runs: number[][] = [];
    const releases: (() => void)[] = [];
    let most = 0;
    let now = 0;
    const batcher = new MicroBatcher<number, number>(
      async (items) => {
        runs.push(items);
        now += 1;
        most = Math.max(most, now);
        await new Promise<void>((r) => releases.push(r));
        now -= 1;
        return items;
      },
      { maxBatch: 1, concurrency: 2 },
    );
    const all = [1, 2, 3].map((i) => batcher.add(i));
    await new Promise((r) => setTimeout(r, 0));
    expect(runs).toEqual([[1], [2]]);
    releases.shift()?.();
    await new Promise((r) => setTimeout(r, 0));
    expect(runs).toEqual([[1], [2], [3]]);
    for (const release of releases.splice(0)) release();
    await new Promise((r) => setTimeout(r, 0));
    for (const release of releases.splice(0)) release();
    expect(await Promise.all(all)).toEqual([1, 2, 3]);
    expect(most).toBe(2);
    await batcher.flushed();
  });
});
