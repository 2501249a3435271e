import { z } from "zod";

/** Program types (C-01) and statuses (C-04). */
export const programTypes = [
  "earning",
  "spending",
  "referral",
  "tier",
  "tier_spending",
  "tier_privileges",
  "pre_tier_reward",
  "tier_b2b_privileges",
  "tier_b2b",
] as const;
export const programStatuses = [
  "active",
  "inactive",
  "draft",
  "expired",
  "scheduled",
  "paused",
  "editing",
] as const;

/** A program as the admin lists it (`GET /lp/programs/earning|spending`). */
export const programSummarySchema = z.object({
  id: z.string(),
  type: z.enum(programTypes),
  event: z.string(),
  title: z.string(),
  translateTitle: z.record(z.string(), z.string()),
  description: z.string().nullable(),
  status: z.enum(programStatuses),
  priority: z.number().int(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  config: z.record(z.string(), z.unknown()),
});
export type ProgramSummary = z.infer<typeof programSummarySchema>;

/** `PUT /lp/programs` (S-14): program name updates, sent when names changed. */
export const putProgramNamesBody = z
  .array(
    z.strictObject({
      id: z.string().min(1, "id is required."),
      title: z
        .string()
        .trim()
        .min(1, "Title can't be blank.")
        .max(255, "Title must be 255 characters or fewer.")
        .optional(),
      translateTitle: z.record(z.string().min(2).max(10), z.string().max(255)).optional(),
    }),
  )
  .min(1, "Send at least one program name.")
  .max(200);
export type PutProgramNamesBody = z.infer<typeof putProgramNamesBody>;
