/**
 * Each vocabulary is written once (issue 8): the domain holds the rule vocabularies, contracts the
 * wire copies it may not import (DESIGN §3), and this test fails the moment a copy drifts.
 * apps/api is the one workspace allowed to import both.
 */
import * as contracts from "@laurel/contracts";
import type { CustomerType, TierProgramKind } from "@laurel/db";
import * as domain from "@laurel/domain";
import { describe, expect, expectTypeOf, it } from "vitest";

describe("contracts' copies of the domain's vocabularies", () => {
  it.each([
    ["customer states (member / guest / left)", contracts.customerStates, domain.customerStates],
    ["duration units", contracts.durationUnits, domain.durationUnits],
    ["limit units", contracts.limitUnits, domain.limitUnits],
    ["holding units of pending points", contracts.holdingUnits, domain.holdingUnits],
    ["program types", contracts.programTypes, domain.programTypes],
    ["program statuses", contracts.programStatuses, domain.programStatuses],
    ["plan ids", contracts.planIds, domain.planIds],
    ["e-mail notification events", contracts.notificationEvents, domain.notificationEvents],
    ["first expiry reminder days", contracts.firstReminderDays, domain.FIRST_EXPIRY_REMINDER_DAYS],
    ["last expiry reminder days", contracts.lastReminderDays, domain.LAST_EXPIRY_REMINDER_DAYS],
    ["tier programs (VIP / B2B, decision 0174)", contracts.tierPrograms, domain.tierPrograms],
  ] as const)("%s", (_name, copy, source) => {
    expect([...copy]).toEqual([...source]);
  });

  it("plan names: each plan id's tier name is the domain's", () => {
    for (const id of domain.planIds) {
      expect(contracts.planTierNames[id]).toBe(domain.planTierDisplayName(domain.planTierOf(id)));
    }
    expect(Object.keys(contracts.planTierNames).sort()).toEqual([...domain.planIds].sort());
  });

  it("the database's tier program is the domain's", () => {
    expectTypeOf<TierProgramKind>().toEqualTypeOf<domain.TierProgram>();
  });

  it("the database's customer type is the domain's customer state", () => {
    expectTypeOf<CustomerType>().toEqualTypeOf<domain.CustomerState>();
    expectTypeOf<
      NonNullable<contracts.ProxyCustomerResponse["customer"]>["type"]
    >().toEqualTypeOf<domain.CustomerState>();
  });
});

describe("one error-message catalogue: contracts' errorMessages", () => {
  it.each([
    ["redemption", domain.redemptionMessages],
    ["ledger", domain.ledgerMessages],
  ] as const)("every %s refusal the domain makes has the catalogue's code and message", (_name, messages) => {
    const catalogue: Record<string, string> = contracts.errorMessages;
    for (const [code, message] of Object.entries(messages)) {
      expect({ code, message: catalogue[code] }).toEqual({ code, message });
    }
  });

  it("the storefront's message defaults are the catalogue's, keyed by code", () => {
    const catalogue: Record<string, string> = contracts.errorMessages;
    for (const [key, text] of Object.entries(contracts.widgetTranslationDefaults)) {
      const code = key.startsWith("message.") ? key.slice("message.".length) : null;
      if (code && code in catalogue) expect({ key, text }).toEqual({ key, text: catalogue[code] });
    }
  });
});
