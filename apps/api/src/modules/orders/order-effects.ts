import type { Tx } from "@laurel/db";
import type { Deps } from "../../infra/deps";
import { milestoneOrderEffect } from "../earn-events/milestones";
import { pointsEarnedEmail } from "../mail/mail.effects";
import { platformTagsEffect } from "../platform-tags/platform-tags.effect";
import { referralOrderEffect } from "../referrals/referrals.effect";
import { tierOrderEffect } from "../tiers/tier-order-effect";
import type { OrderOutcome } from "./order-facts";

/**
 * The one place for "after an order" (decision 0018). Earning and reversal are the pipeline's own
 * first step (`applyOrderNews`); every later feature that reacts to orders — tier progress,
 * referral completion, milestones, e-mails — is an `OrderEffect` in the list below, and nothing
 * else: the processor and reconciliation call `runOrderEffects` with every outcome of a batch, in
 * the batch's transaction, after the ledger is written.
 *
 * An effect must be:
 * - set-based: it gets all outcomes of a batch at once (hundreds), and writes with few statements;
 * - idempotent on a key derived from the outcome (e.g. `tier:<customer>:<order>`): a batch applied
 *   twice, or the same order told twice, must change nothing the second time;
 * - pure in its decisions: the rule lives in `packages/domain`, the effect only loads, calls it and
 *   writes; anything that calls out (e-mail, the platform) is a job enqueued in `trx` (outbox).
 * An effect that throws rolls the batch back; the processor then retries each delivery alone.
 */
export interface OrderEffect {
  /** Shown in logs and errors. */
  name: string;
  apply(deps: Deps, trx: Tx, outcomes: readonly OrderOutcome[]): Promise<void>;
}

/** Registered effects, run in this order. Later areas append theirs here. */
export const orderEffects: readonly OrderEffect[] = [
  referralOrderEffect, // issue 18: referral completion and cancellation (may credit a referrer)
  tierOrderEffect, // issue 10: tier progress, tier changes, entry rewards (after every credit)
  pointsEarnedEmail, // issue 11: the "points earned" e-mail, queued in the batch's transaction
  milestoneOrderEffect, // issue 15: milestones (after referrals, so referral milestones see completions)
  platformTagsEffect, // issue 11 (M-02): the General settings' order and customer tags, as a job
];

export async function runOrderEffects(
  deps: Deps,
  trx: Tx,
  outcomes: readonly OrderOutcome[],
  effects: readonly OrderEffect[] = orderEffects,
): Promise<void> {
  if (outcomes.length === 0) return;
  for (const effect of effects) {
    try {
      await effect.apply(deps, trx, outcomes);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw Object.assign(new Error(`order effect ${effect.name}: ${reason}`), { cause: error });
    }
  }
}
