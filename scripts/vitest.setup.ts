import { afterEach, beforeEach, vi } from "vitest";

// DESIGN §8: an unexpected console.error fails the test. A test that expects one
// says so with `expectConsoleError()` (see below) before triggering it.
let expected = 0;
let unexpected: unknown[][] = [];
const original = console.error;

beforeEach(() => {
  expected = 0;
  unexpected = [];
  vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    if (expected > 0) {
      expected -= 1;
      return;
    }
    unexpected.push(args);
    original(...args);
  });
});

afterEach(() => {
  vi.mocked(console.error).mockRestore();
  if (unexpected.length > 0) {
    const first = unexpected[0]?.map(String).join(" ") ?? "";
    throw new Error(`console.error was called ${unexpected.length} time(s) unexpectedly: ${first}`);
  }
});

/** Declare that the code under test is expected to log `count` console.error calls. */
export function expectConsoleError(count = 1): void {
  expected += count;
}
