import { z } from "zod";
import { TEXT_LIMITS, text } from "./bounds";

/**
 * Storefront shapes of the earning kinds by date and action (issue 15, part 1): birthday (G-03,
 * G-07), member anniversary (G-26), visit website and streak (G-17…G-23), social (G-24).
 */

/** `POST /proxy/birthday`: the birthday as the shopper typed it (the shop's date format) or ISO from the calendar. */
export const proxyBirthdayBody = z.strictObject({
  birthday: text("Birthday", 20, "Birthday is invalid").trim().min(1, "Birthday is invalid"),
});

/** `POST /proxy/social`: the social program whose link the shopper opened and came back from. */
export const proxySocialBody = z.strictObject({
  programId: text("Program", TEXT_LIMITS.id, "Program is blank").trim().min(1, "Program is blank"),
});

/** `POST /proxy/birthday/claim`: a manual-delivery birthday reward, inside its window. */
export const proxyBirthdayClaimBody = z.strictObject({}).optional();

const wayState = z.enum(["done", "available", "locked", "next"]);

export const proxyEarnDatesView = z.object({
  birthday: z
    .object({
      programId: z.string(),
      title: z.string(),
      points: z.number().int(),
      rewardMethod: z.string(),
      rewardValue: z.number().nullable(),
      dateFormat: z.string(),
      inputMethod: z.enum(["calendar", "manual"]),
      delivery: z.enum(["automatic", "manual"]),
      /** The shopper's birthday in the shop's format (with its separator), or null. */
      value: z.string().nullable(),
      state: wayState,
      /** The store date from which the next reward is given (its window's first day). */
      nextOn: z.string().nullable(),
    })
    .nullable(),
  anniversary: z
    .object({
      programId: z.string(),
      title: z.string(),
      points: z.number().int(),
      nextOn: z.string().nullable(),
    })
    .nullable(),
  visit: z
    .object({
      programId: z.string(),
      title: z.string(),
      points: z.number().int(),
      state: wayState,
      /** When the next visit earns again (anti-cheat gap or the limit's window). */
      nextAt: z.string().nullable(),
    })
    .nullable(),
  streak: z
    .object({
      programId: z.string(),
      title: z.string(),
      points: z.number().int(),
      milestones: z.array(z.object({ day: z.number().int(), points: z.number().int() })),
      day: z.number().int(),
      length: z.number().int(),
      state: wayState,
      message: z.string().nullable(),
    })
    .nullable(),
  social: z.array(
    z.object({
      programId: z.string(),
      title: z.string(),
      action: z.string(),
      url: z.string(),
      points: z.number().int(),
      state: wayState,
    }),
  ),
});
export type ProxyEarnDatesView = z.infer<typeof proxyEarnDatesView>;

/** What an action earned: points (0 when nothing), the message when nothing, the new balance. */
export const proxyEarnResult = z.object({
  points: z.number().int(),
  message: z.string().nullable(),
  availablePoints: z.number().int(),
});
export type ProxyEarnResult = z.infer<typeof proxyEarnResult>;
