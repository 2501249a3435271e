import { describe, expect, it } from "vitest";
import { parseCsvHead } from "./csv-head";

describe("parseCsvHead", () => {
  it("reads quotes, doubled quotes, newlines in quotes and CRLF, and drops a BOM", () => {
    const text =
      '\uFEFFemail,points_balance,note\r\n"a@x.test","1,250","said ""hi""\nthere"\r\nb@x.test,5,\r\n';
    expect(parseCsvHead(text, 10)).toEqual([
      ["email", "points_balance", "note"],
      ["a@x.test", "1,250", 'said "hi"\nthere'],
      ["b@x.test", "5", ""],
    ]);
  });

  it("stops at the number of records asked for", () => {
    expect(parseCsvHead("h\n1\n2\n3\n", 2)).toEqual([["h"], ["1"]]);
  });
});
