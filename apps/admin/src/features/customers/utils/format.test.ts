import { describe, expect, it } from "vitest";
import { displayName, formatMoney } from "./format";

describe("customer formatting", () => {
  it.each([
    [{ firstName: "Ada", lastName: "Lovelace", email: "a@x.test", platformCustomerId: "1" }, "Ada Lovelace"],
    [{ firstName: null, lastName: "Hopper", email: "g@x.test", platformCustomerId: "2" }, "Hopper"],
    [{ firstName: null, lastName: null, email: "g@x.test", platformCustomerId: "2" }, "g@x.test"],
    [{ firstName: null, lastName: null, email: null, platformCustomerId: "42" }, "#42"],
  ])("%o → %s", (c, name) => expect(displayName(c)).toBe(name));

  it("formats minor units in the shop's currency", () => {
    expect(formatMoney(12345, "USD", "en-US")).toBe("$123.45");
    expect(formatMoney(500, "XXX-bad", "en-US")).toBe("5.00 XXX-bad");
  });
});
