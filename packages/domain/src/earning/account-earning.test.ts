import { describe, expect, it } from "vitest";
import type { NewsletterProgram, SignUpProgram } from "../programs/earning";
import { signUpConfigSchema } from "../programs/earning";
import {
  type AccountEarningInput,
  evaluateNewsletterEarning,
  evaluateSignUpEarning,
} from "./account-earning";
import { customer, NOW, program, shop } from "./fixtures.test-support";

function accountProgram<E extends "sign_up" | "sign_up_newsletter">(
  event: E,
  config: Record<string, unknown> = {},
  over: Record<string, unknown> = {},
): E extends "sign_up" ? SignUpProgram : NewsletterProgram {
  return {
    id: event === "sign_up" ? "prg_signup" : "prg_news",
    type: "earning",
    event,
    title: event,
    translateTitle: {},
    description: null,
    status: "active",
    priority: 99,
    startDate: null,
    endDate: null,
    config: signUpConfigSchema.parse({ earnPoint: 100, ...config }),
    ...over,
  } as E extends "sign_up" ? SignUpProgram : NewsletterProgram;
}

const base = (over: Partial<AccountEarningInput> = {}): AccountEarningInput => ({
  programs: [accountProgram("sign_up"), accountProgram("sign_up_newsletter", { earnPoint: 50 }), program()],
  customer: customer(),
  shop: shop(),
  priorAwards: [],
  now: NOW,
  ...over,
});

describe("C-25 sign up and C-26 newsletter", () => {
  it("C-25: a new member gets the sign up points", () => {
    expect(evaluateSignUpEarning(base())).toEqual({
      kind: "reward",
      awards: [{ programId: "prg_signup", points: 100, reason: "sign_up: 100 points" }],
      total: 100,
    });
  });

  it("C-26: a subscriber gets the newsletter points", () => {
    expect(evaluateNewsletterEarning(base())).toMatchObject({
      kind: "reward",
      awards: [{ programId: "prg_news", points: 50 }],
      total: 50,
    });
  });

  it.each<[string, Partial<AccountEarningInput>, string]>([
    [
      "C-25 once in a lifetime",
      { priorAwards: [{ programId: "prg_signup", at: "2019-03-01T00:00:00.000Z" }] },
      "limit_reached",
    ],
    ["X-63 a guest has not joined", { customer: customer({ state: "guest" }) }, "not_eligible"],
    ["J-05 a customer who left", { customer: customer({ state: "left" }) }, "not_eligible"],
    [
      "X-51 only DTC: a B2B customer",
      { customer: customer({ isB2B: true }), shop: shop({ eligibility: "only_dtc" }) },
      "not_eligible",
    ],
    [
      "X-71 sandbox: not a test e-mail",
      { shop: shop({ sandbox: { enabled: true, testEmails: ["qa@x.test"] } }) },
      "sandbox",
    ],
    [
      "B-30 the transaction limit stops every program",
      {
        shop: shop({
          plan: { ...shop().plan, transactionsLimited: true, transactionCount: 10, transactionLimit: 10 },
        }),
      },
      "transaction_limit_reached",
    ],
    [
      "B-29 the order limit stops the loyalty program",
      { shop: shop({ plan: { ...shop().plan, ordersThisCycle: 150, limit: 150 } }) },
      "order_limit_reached",
    ],
    ["no sign up program", { programs: [program()] }, "no_active_program"],
    [
      "C-06 switched off",
      { programs: [accountProgram("sign_up", {}, { status: "inactive" })] },
      "no_active_program",
    ],
    [
      "C-09 not started yet",
      { programs: [accountProgram("sign_up", {}, { startDate: "2026-07-01" })] },
      "no_active_program",
    ],
  ])("%s → %s", (_label, over, reason) => {
    expect(evaluateSignUpEarning(base(over))).toEqual({ kind: "log_only", reason });
  });

  it("X-71 sandbox: a test e-mail earns", () => {
    const d = evaluateSignUpEarning(
      base({ shop: shop({ sandbox: { enabled: true, testEmails: ["Ada@Example.com"] } }) }),
    );
    expect(d.kind).toBe("reward");
  });

  it("C-11: a daily newsletter limit of 2 (merchant-set)", () => {
    const news = accountProgram("sign_up_newsletter", { hasLimit: true, limitUnit: "day", limitInterval: 2 });
    const award = (at: string) => ({ programId: "prg_news", at });
    expect(
      evaluateNewsletterEarning(base({ programs: [news], priorAwards: [award("2026-06-15T01:00:00Z")] }))
        .kind,
    ).toBe("reward");
    expect(
      evaluateNewsletterEarning(
        base({
          programs: [news],
          priorAwards: [award("2026-06-15T01:00:00Z"), award("2026-06-15T02:00:00Z")],
        }),
      ),
    ).toEqual({ kind: "log_only", reason: "limit_reached" });
  });

  it("C-25: no limit means every sign up earns", () => {
    const open = accountProgram("sign_up", { hasLimit: false });
    const d = evaluateSignUpEarning(
      base({ programs: [open], priorAwards: [{ programId: "prg_signup", at: NOW }] }),
    );
    expect(d.kind).toBe("reward");
  });

  it("the sign up award does not use the newsletter program's limit", () => {
    const d = evaluateSignUpEarning(base({ priorAwards: [{ programId: "prg_news", at: NOW }] }));
    expect(d.kind).toBe("reward");
  });

  it("with two running programs, the first by priority awards", () => {
    const first = accountProgram("sign_up", { earnPoint: 7 }, { id: "prg_first", priority: 1 });
    const d = evaluateSignUpEarning(base({ programs: [accountProgram("sign_up"), first] }));
    expect(d).toMatchObject({ total: 7, awards: [{ programId: "prg_first" }] });
  });
});
