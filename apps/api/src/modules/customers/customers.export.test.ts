import { describe, expect, it } from "vitest";
import { neutraliseCell } from "./customers.export";

describe("CSV injection (J-15)", () => {
  it.each([
    ["=1+1", "'=1+1"],
    ["+1 415 555 0101", "'+1 415 555 0101"],
    ["-5", "'-5"],
    ["@SUM(A1)", "'@SUM(A1)"],
    ["\tcmd", "'\tcmd"],
    ["\rcmd", "'\rcmd"],
    ["Ada", "Ada"],
    ["a=b", "a=b"],
    ["", ""],
    [null, ""],
  ])("%j → %j", (input, output) => expect(neutraliseCell(input)).toBe(output));
});
