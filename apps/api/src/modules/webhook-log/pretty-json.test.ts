import { describe, expect, it } from "vitest";
import { indentJson } from "./pretty-json";

describe("indentJson", () => {
  it.each([
    ['{"a":1,"b":[1,2],"c":{}}', '{\n  "a": 1,\n  "b": [\n    1,\n    2\n  ],\n  "c": {}\n}'],
    ["[]", "[]"],
    ['{ "x" : [ ] }', '{\n  "x": []\n}'],
    ['"just a string"', '"just a string"'],
    ["12345678901234567890", "12345678901234567890"],
  ])("indents %s", (input, expected) => {
    expect(indentJson(input)).toBe(expected);
  });

  it("keeps big integers, decimals and escaped quotes byte for byte", () => {
    const raw = '{"id":123456789012345678901,"price":"0.10","q":"he said \\"hi, {x}\\"","n":1.50}';
    const out = indentJson(raw);
    expect(out).toContain('"id": 123456789012345678901');
    expect(out).toContain('"price": "0.10"');
    expect(out).toContain('"q": "he said \\"hi, {x}\\""');
    expect(out).toContain('"n": 1.50');
    expect(out.replace(/\s+/g, "")).toBe(raw.replace(/\s+/g, ""));
  });

  it("returns text that is not JSON unchanged", () => {
    expect(indentJson("{not json")).toBe("{not json");
    expect(indentJson("")).toBe("");
  });
});
