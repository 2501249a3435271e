import { describe, expect, it } from "vitest";
import { prefixed, sectionOf, splitPrefix } from "./routing";

describe("mode prefixes (A-04)", () => {
  it.each([
    ["/", "", "/"],
    ["/customers/history", "", "/customers/history"],
    ["/embed", "/embed", "/"],
    ["/embed/", "/embed", "/"],
    ["/embed/customers", "/embed", "/customers"],
    ["/embedded-thing", "", "/embedded-thing"],
  ])("splitPrefix(%s) → %s + %s", (pathname, prefix, path) => {
    expect(splitPrefix(pathname)).toEqual({ prefix, path });
  });

  it("builds links for the current mode", () => {
    expect(prefixed("", "/")).toBe("/");
    expect(prefixed("", "/gift")).toBe("/gift");
    expect(prefixed("/embed", "/")).toBe("/embed");
    expect(prefixed("/embed", "/gift")).toBe("/embed/gift");
  });

  it.each([
    ["/", ""],
    ["/home", "home"],
    ["/embed", ""],
    ["/embed/programs/point/3", "programs"],
    ["/programs", "programs"],
  ])("sectionOf(%s) = %s", (pathname, section) => {
    expect(sectionOf(pathname)).toBe(section);
  });
});
