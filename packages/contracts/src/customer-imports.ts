import { z } from "zod";
import { queryCount, text } from "./bounds";
import { errorMessages } from "./envelope";
import { type TierBasisName, tierBases } from "./tiers";

/**
 * Customer imports (issue 9, J-07 … J-12, decision 0105): a CSV of points or birthdays, checked
 * row by row before anything is written, then applied in the background with progress.
 */

/** J-07: the largest file accepted (25 MB) and the spec's messages about the file itself. */
export const MAX_IMPORT_FILE_BYTES = 25 * 1024 * 1024;
export const importFileMessages = {
  tooLarge: "Your file is over 25MB",
  notCsv: "Your file is not csv",
  invalid: "Your file is invalid.",
  failed: "Fail to import file",
} as const;

export const customerImportKinds = ["points", "birthday", "migration", "tier"] as const;
export type CustomerImportKindName = (typeof customerImportKinds)[number];
/** J-10: "import add" adds the file's points; "import reset" sets the balance to them. */
export const customerImportModes = ["add", "reset"] as const;
export const customerImportStatuses = ["validating", "ready", "importing", "done", "failed"] as const;

/** The headers the files use (J-08 … J-10), matched without regard to case or surrounding spaces. */
export const importHeaders = {
  customerId: "Customer ID",
  email: "Email",
  phone: "Phone",
  points: "Points",
  createDate: "Create Date",
  birthday: "Birthday",
  /** Migrations (C-30, decision 0178): the other app's order count and amount spent per customer. */
  orders: "Orders",
  spent: "Amount spent",
} as const;

/**
 * J-11: a tier import's value column is the shop's tier basis (decision 0167). The header Laurel's
 * template writes for each basis, the words the messages use, and the other spellings recognised
 * (compacted: lower case, letters and digits only).
 */
export const tierImportHeaders: Record<TierBasisName, string> = {
  points_earned: "Points earned",
  amount_spent: "Amount spent",
  orders: "Number of orders",
};
export const tierBasisWords: Record<TierBasisName, string> = {
  points_earned: "points earned",
  amount_spent: "amount spent",
  orders: "number of orders",
};
const TIER_IMPORT_ALIASES: Record<TierBasisName, readonly string[]> = {
  points_earned: ["pointsearned", "points", "tierpoints", "lifetimepoints", "totalpointsearned"],
  amount_spent: ["amountspent", "spent", "totalspent", "spend", "totalspend", "lifetimespend", "moneyspent"],
  orders: ["numberoforders", "orders", "orderscount", "ordercount", "totalorders"],
};

/** J-11: where a tier import's value column is, or which wrong column stands in its place. */
export function findTierImportColumn(
  headers: readonly string[],
  basis: TierBasisName,
): { index: number } | { wrong: string } | { missing: true } {
  const compacted = headers.map(compactHeader);
  for (const alias of TIER_IMPORT_ALIASES[basis]) {
    const index = compacted.indexOf(alias);
    if (index >= 0) return { index };
  }
  for (const other of tierBases) {
    if (other === basis) continue;
    const index = compacted.findIndex((c) => TIER_IMPORT_ALIASES[other].includes(c));
    if (index >= 0) return { wrong: (headers[index] ?? "").trim() };
  }
  return { missing: true };
}

/** J-11's "replace-column" message: the tier basis, the column found and the one to use instead. */
export function tierImportColumnMessage(basis: TierBasisName, found: string | null): string {
  const template =
    found === null ? errorMessages.tier_import_missing_column : errorMessages.tier_import_replace_column;
  return template
    .replace("{{basis}}", tierBasisWords[basis])
    .replace("{{found}}", found ?? "")
    .replace("{{expected}}", tierImportHeaders[basis]);
}

/** J-14: a migration's tier rule, one entry per tier of the other app (money in minor units). */
export const migrationTierRuleSchema = z
  .array(
    z.strictObject({
      name: text("Tier name", 100).trim().min(1, "Tier name is required."),
      requirement: z
        .number({ error: "Entry requirement must be a whole number." })
        .int("Entry requirement must be a whole number.")
        .min(0, "Entry requirement must be at least 0.")
        .max(100_000_000_000, "Entry requirement is too large."),
    }),
    { error: "tierRule must be a list of tiers." },
  )
  .min(1, "tierRule needs at least one tier.")
  .max(50, "tierRule has at most 50 tiers.");
export type MigrationTierRule = z.infer<typeof migrationTierRuleSchema>;

/**
 * J-14: exactly one base tier with entry requirement 0, no duplicate entry requirements (nor tier
 * names, compared without case). Each problem names its field (`tierRule[1].requirement`).
 */
export function validateMigrationTierRule(rule: MigrationTierRule): { field: string; message: string }[] {
  const issues: { field: string; message: string }[] = [];
  const bases = rule.flatMap((t, i) => (t.requirement === 0 ? [i] : []));
  if (bases.length !== 1) {
    const at = bases[1] ?? 0;
    issues.push({ field: `tierRule[${at}].requirement`, message: errorMessages.tier_rule_base });
  }
  const requirements = new Set<number>();
  const names = new Set<string>();
  rule.forEach((t, i) => {
    if (t.requirement !== 0 && requirements.has(t.requirement))
      issues.push({
        field: `tierRule[${i}].requirement`,
        message: errorMessages.tier_rule_duplicate_requirement,
      });
    requirements.add(t.requirement);
    const name = t.name.trim().toLowerCase();
    if (names.has(name))
      issues.push({ field: `tierRule[${i}].name`, message: errorMessages.tier_rule_duplicate_name });
    names.add(name);
  });
  return issues;
}

/** The tier rule travels in the upload's query as JSON (the body is the file). */
const tierRuleQuery = z
  .string()
  .max(8_000, "tierRule is too long.")
  .transform((raw, ctx) => {
    try {
      return JSON.parse(raw) as unknown;
    } catch {
      ctx.addIssue({ code: "custom", message: "tierRule must be JSON." });
      return z.NEVER;
    }
  })
  .pipe(migrationTierRuleSchema);

/** J-13: the loyalty apps merchants migrate from, whose exports the wizard recognises. */
export const migrationSources = ["smile", "loyaltylion", "yotpo", "rivo", "other"] as const;
export type MigrationSource = (typeof migrationSources)[number];
/** J-13: Laurel's columns a migration maps the file's headers onto. */
export const migrationColumns = [
  "email",
  "customerId",
  "phone",
  "points",
  "birthday",
  "orders",
  "spent",
] as const;
export type MigrationColumn = (typeof migrationColumns)[number];
export type MigrationMapping = Partial<Record<MigrationColumn, string>>;

const compactHeader = (h: string) => h.toLowerCase().replace(/[^a-z0-9]/g, "");
/**
 * The headers the known competitors' customer exports use (Smile, LoyaltyLion, Yotpo/Swell, Rivo),
 * compacted (lower case, letters and digits only), best first for each of Laurel's columns.
 */
const MIGRATION_HEADER_ALIASES: Record<MigrationColumn, readonly string[]> = {
  email: ["email", "emailaddress", "customeremail", "useremail"],
  customerId: ["shopifycustomerid", "customerid", "shopifyid", "merchantid", "remoteid", "externalid"],
  phone: ["phone", "phonenumber", "mobile", "customerphone"],
  points: [
    "pointsbalance",
    "pointbalance",
    "points",
    "pointsapproved",
    "currentpoints",
    "availablepoints",
    "balance",
  ],
  birthday: ["birthday", "dateofbirth", "birthdate", "dob"],
  // C-30 (decision 0178): the order history the apps' customer exports carry per customer.
  orders: ["orderscount", "ordercount", "numberoforders", "totalorders", "orders", "purchasecount"],
  spent: [
    "totalspent",
    "totalspend",
    "amountspent",
    "lifetimespend",
    "lifetimespent",
    "moneyspent",
    "spent",
    "totalrevenue",
  ],
};

/** J-13 "map columns": the mapping guessed from a file's headers (the admin and the API share it). */
export function guessMigrationMapping(headers: readonly string[]): MigrationMapping {
  const compacted = headers.map((h) => ({ h, c: compactHeader(h) }));
  const mapping: MigrationMapping = {};
  for (const column of migrationColumns) {
    for (const alias of MIGRATION_HEADER_ALIASES[column]) {
      const hit = compacted.find((x) => x.c === alias);
      if (hit) {
        mapping[column] = hit.h;
        break;
      }
    }
  }
  return mapping;
}

/** J-13: which app a file most likely comes from, by the headers only that app writes. */
export function guessMigrationSource(headers: readonly string[]): MigrationSource {
  const set = new Set(headers.map(compactHeader));
  if (set.has("pointsapproved") || set.has("merchantid")) return "loyaltylion";
  if (set.has("viptiername") || set.has("pointsbalance")) return "smile";
  if (set.has("swellid") || set.has("yotpoid") || set.has("pointbalance")) return "yotpo";
  if (set.has("remoteid") || set.has("rivoid")) return "rivo";
  return "other";
}

/** `POST /apiSa/customers/imports?kind&mode&fileName` with the CSV as the raw body (text/csv). */
export const customerImportUploadQuery = z.strictObject({
  kind: z.enum(customerImportKinds, { error: "Type must be points, birthday, migration or tier." }),
  mode: z.enum(customerImportModes, { error: "Mode must be add or reset." }).optional(),
  fileName: text("File name", 255).trim().min(1, "File name is required."),
  /** Migrations (J-13): the app the file comes from. */
  source: z
    .enum(migrationSources, { error: `Source must be one of: ${migrationSources.join(", ")}.` })
    .optional(),
  /** Migrations (J-13): the file's header for each of Laurel's columns (Email is required, J-14). */
  emailColumn: text("emailColumn", 200).trim().min(1, "emailColumn is required.").optional(),
  pointsColumn: text("pointsColumn", 200).trim().min(1).optional(),
  customerIdColumn: text("customerIdColumn", 200).trim().min(1).optional(),
  phoneColumn: text("phoneColumn", 200).trim().min(1).optional(),
  birthdayColumn: text("birthdayColumn", 200).trim().min(1).optional(),
  /** Migrations (C-30): the file's order count and amount spent columns (`migrate_order`). */
  ordersColumn: text("ordersColumn", 200).trim().min(1).optional(),
  spentColumn: text("spentColumn", 200).trim().min(1).optional(),
  /** Migrations (J-13, J-14): the file's tier name column, and the rule giving each name its entry requirement. */
  tierColumn: text("tierColumn", 200).trim().min(1).optional(),
  tierRule: tierRuleQuery.optional(),
});
export type CustomerImportUploadQuery = z.infer<typeof customerImportUploadQuery>;

export const customerImportsListQuery = z.strictObject({
  /** The `nextCursor` of the previous page (the last import's sequence number). */
  cursor: queryCount("cursor", 1, Number.MAX_SAFE_INTEGER).optional(),
  pageSize: queryCount("pageSize", 1, 100).default(20),
});

export const customerImportRowErrorsQuery = z.strictObject({
  /** Errors after this line. */
  after: queryCount("after", 0, 100_000_000).default(0),
  pageSize: queryCount("pageSize", 1, 100).default(20),
});

export const customerImportRowErrorSchema = z.object({
  line: z.number(),
  field: z.string(),
  message: z.string(),
});
export type CustomerImportRowError = z.infer<typeof customerImportRowErrorSchema>;

export const customerImportSchema = z.object({
  id: z.string(),
  kind: z.enum(customerImportKinds),
  mode: z.enum(customerImportModes).nullable(),
  source: z.enum(migrationSources).nullable(),
  /** Tier imports and migrations with a tier rule: the basis the values are measured on. */
  tierBasis: z.enum(tierBases).nullable(),
  fileName: z.string(),
  fileBytes: z.number(),
  status: z.enum(customerImportStatuses),
  totalRows: z.number(),
  errorRows: z.number(),
  /** Rows that will be (or were) applied: total less refused. */
  validRows: z.number(),
  doneRows: z.number(),
  changedRows: z.number(),
  actorEmail: z.string().nullable(),
  error: z.string().nullable(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type CustomerImport = z.infer<typeof customerImportSchema>;

/** J-13 dry run: one good row's effect — the customer, the balance now and after. */
export const migrationPreviewRowSchema = z.object({
  line: z.number(),
  email: z.string().nullable(),
  currentPoints: z.number(),
  newPoints: z.number(),
  /** The order count and amount spent (minor units) the row brings from the other app, if mapped. */
  orders: z.number().nullable(),
  spentMinor: z.number().nullable(),
  /** What the row would do to the customer's migrated order history; null when it brings none. */
  ordersOutcome: z.enum(["create", "change", "keep"]).nullable(),
});
export const migrationDryRunSchema = z.object({
  /** Rows whose customer's balance would change, stay as it is, and refused rows. */
  change: z.number(),
  keep: z.number(),
  refused: z.number(),
  /** Good rows setting a birthday. */
  birthdays: z.number(),
  /** Good rows whose imported tier measure would change, or stay (tier imports, migrations with a tier rule). */
  tierChange: z.number(),
  tierKeep: z.number(),
  /**
   * Good rows bringing order history (`migrate_order`, decision 0178): for a customer with none
   * migrated yet, with other figures than those migrated before, or the same.
   */
  ordersCreate: z.number(),
  ordersChange: z.number(),
  ordersKeep: z.number(),
  /** The store's currency, which the amounts spent are in (minor units). */
  currency: z.string(),
  preview: z.array(migrationPreviewRowSchema),
});

/** The upload's answer: the import (ready), its first refused rows, and for a migration the dry run. */
export const customerImportUploadResponse = z.object({
  import: customerImportSchema,
  errors: z.array(customerImportRowErrorSchema),
  dryRun: migrationDryRunSchema.nullable(),
});
export type CustomerImportUploadResponse = z.infer<typeof customerImportUploadResponse>;

export const customerImportsListResponse = z.object({
  imports: z.array(customerImportSchema),
  nextCursor: z.string().nullable(),
});
export type CustomerImportsListResponse = z.infer<typeof customerImportsListResponse>;

export const customerImportRowErrorsResponse = z.object({
  errors: z.array(customerImportRowErrorSchema),
  nextAfter: z.number().nullable(),
});

/** The internal import file manager: every shop's imports. */
export const devImportsListResponse = z.object({
  imports: z.array(customerImportSchema.extend({ shopDomain: z.string() })),
  nextCursor: z.string().nullable(),
});
export type DevImportsListResponse = z.infer<typeof devImportsListResponse>;
