import { guessMigrationMapping, guessMigrationSource } from "@laurel/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  applyNextBatch,
  IMPORT_BATCH,
  runImport,
} from "../src/modules/customer-imports/customer-imports.service";
import { ensureCustomer } from "../src/modules/customers/customers.service";
import { auditLedger } from "../src/modules/ledger/ledger.service";
import { adminGet, adminSend, createTestApp, signIn, signInStaff, type TestApp } from "./helpers";

/**
 * Customer imports (issue 9, J-07 … J-12): hostile files refused with the spec's messages, rows
 * refused by line and column before anything is written, the job applying good rows with progress,
 * and the same file imported again adding nothing. Runs on PGlite, or PostgreSQL with TEST_DATABASE_URL.
 */
let t: TestApp;
let token: string;
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp({ worker: true });
  ({ token } = await signIn(t.app));
  await t.deps.db.transaction().execute(async (trx) => {
    const people = [
      ["9001", "Ada@Example.com", "guest", null],
      ["9002", "grace@example.com", "member", "+1 (555) 010-2000"],
      ["9003", "alan@example.com", "guest", null],
      ["9004", "left@example.com", "left", null],
    ] as const;
    for (const [pid, email, type, phone] of people) {
      const c = await ensureCustomer(
        t.deps,
        trx,
        "shop_demo",
        { platformCustomerId: pid, email, firstName: null, lastName: null },
        type,
      );
      if (phone) await trx.updateTable("customers").set({ phone }).where("id", "=", c.id).execute();
      ids[pid] = c.id;
    }
  });
}, 60_000);
afterAll(async () => {
  await t.close();
});

function upload(body: string | Buffer, query: string, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: "POST",
    url: `/apiSa/customers/imports?${query}`,
    headers: { "x-auth-token": token, "content-type": "text/csv", ...headers },
    payload: body,
  });
}

/** A fresh session token (they last a minute; this file runs longer on a busy machine). */
async function refreshToken() {
  ({ token } = await signIn(t.app));
}

async function customer(pid: string) {
  return (await adminGet(t.app, `/apiSa/customers/${ids[pid]}`, token)).json().data;
}

async function runToEnd(id: string) {
  await refreshToken();
  const start = await adminSend(t.app, "POST", `/apiSa/customers/imports/${id}/start`, token);
  expect(start.statusCode, start.body).toBe(200);
  expect(start.json().data.status).toBe("importing");
  await t.deps.queue.drain();
  return (await adminGet(t.app, `/apiSa/customers/imports/${id}`, token)).json().data;
}

const ledgerCount = async () =>
  Number(
    (
      await t.deps.db
        .selectFrom("ledger_entries")
        .select((eb) => eb.fn.countAll().as("n"))
        .where("shop_id", "=", "shop_demo")
        .executeTakeFirstOrThrow()
    ).n,
  );

describe("the file itself (J-07)", () => {
  it.each([
    [
      "a name that is not .csv",
      "Email,Points\na@b.c,1\n",
      "kind=points&fileName=points.xlsx",
      "Your file is not csv",
    ],
    [
      "UTF-16",
      Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from("Email,Points\n", "utf16le")]),
      "kind=points&fileName=p.csv",
      "Your file is invalid.",
    ],
    [
      "bytes that are not UTF-8",
      Buffer.from([0x45, 0x6d, 0x61, 0x69, 0x6c, 0x0a, 0xc3, 0x28]),
      "kind=points&fileName=p.csv",
      "Your file is invalid.",
    ],
    ["an empty file", "", "kind=points&fileName=p.csv", "Your file is invalid."],
    ["a header and no rows", "Email,Points\n", "kind=points&fileName=p.csv", "Your file is invalid."],
    [
      "no identifier column",
      "Name,Points\nAda,1\n",
      "kind=points&fileName=p.csv",
      "missing the Email header",
    ],
    ["no Points column", "Email,Score\na@b.c,1\n", "kind=points&fileName=p.csv", "missing the Points header"],
    [
      "no Birthday column",
      "Email,Points\na@b.c,1\n",
      "kind=birthday&fileName=b.csv",
      "missing the Birthday header",
    ],
  ])("refuses %s with a 400 naming the file, and keeps nothing", async (_name, body, query, message) => {
    const before = await t.deps.db.selectFrom("customer_imports").select("id").execute();
    const res = await upload(body, query);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors[0].field).toBe("file");
    expect(res.json().error).toContain(message);
    expect(await t.deps.db.selectFrom("customer_imports").select("id").execute()).toHaveLength(before.length);
    expect(await t.deps.db.selectFrom("customer_import_rows").select("line").execute()).toHaveLength(0);
  });

  it("refuses a file over 25 MB with the spec's message", async () => {
    const big = Buffer.alloc(25 * 1024 * 1024 + 10, "a");
    const res = await upload(big, "kind=points&fileName=big.csv");
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe("Your file is over 25MB");
  });

  it("names the query field it refuses", async () => {
    const res = await upload("Email,Points\n", "kind=tiers&fileName=p.csv");
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].field).toBe("kind");
  });
});

describe("points import (J-08, J-10, J-12)", () => {
  const bad = [
    "Email,Customer ID,Phone,Points,Create Date",
    "Ada@Example.com,,,100,2024-03-01", // line 2: matched by e-mail, exactly
    "ada@example.com,,,5,", // line 3: e-mail case differs → no customer
    ",9003,,abc,", // line 4: points not a number
    ',,"1-555-010-2000",40,', // line 5: phone digits match grace's
    "left@example.com,,,10,", // line 6: left the program
    "=HYPERLINK(1),,,10,", // line 7: unknown e-mail (formula in the report is neutralised)
    "Ada@Example.com,,,7,", // line 8: same customer as line 2
    ",,,3,", // line 9: no identifier
    ",9003,,-5,", // line 10: import add only adds
    '"grace@example.com\nsecond line",,,1,', // lines 11-12: a quoted newline, unknown e-mail
  ].join("\n");

  it("checks every row before writing anything: line, column and reason", async () => {
    const entries = await ledgerCount();
    const res = await upload(bad, "kind=points&mode=add&fileName=smile-export.csv");
    expect(res.statusCode, res.body).toBe(200);
    const { import: imp, errors } = res.json().data;
    expect(imp).toMatchObject({ status: "ready", totalRows: 10, errorRows: 8, validRows: 2, doneRows: 0 });
    expect(errors).toEqual([
      { line: 3, field: "Email", message: "No customer with this Email in the store" },
      { line: 4, field: "Points", message: "Points must be a whole number" },
      { line: 6, field: "Email", message: "This customer has left the program" },
      { line: 7, field: "Email", message: "No customer with this Email in the store" },
      { line: 8, field: "Email", message: "The same customer is on line 2" },
      { line: 9, field: "Email", message: "Email, Customer ID or Phone is required" },
      {
        line: 10,
        field: "Points",
        message: "Points must be between 1 and 1,000,000,000 (import add only adds)",
      },
      { line: 12, field: "Email", message: "No customer with this Email in the store" },
    ]);
    expect(await ledgerCount()).toBe(entries);
    const csv = await adminGet(t.app, `/apiSa/customers/imports/${imp.id}/errors.csv`, token);
    expect(csv.headers["content-type"]).toContain("text/csv");
    expect(csv.body).toContain("7,Email,No customer with this Email in the store");
    expect(csv.body).not.toMatch(/^=HYPERLINK/m);
    const page = (await adminGet(t.app, `/apiSa/customers/imports/${imp.id}/errors?pageSize=3`, token)).json()
      .data;
    expect(page.errors.map((e: { line: number }) => e.line)).toEqual([3, 4, 6]);
    expect(page.nextAfter).toBe(6);
  });

  it("applies the good rows in the background; guests become members; the same file again adds nothing", async () => {
    const file = "Email,Customer ID,Points,Create Date\nAda@Example.com,,100,2024-03-01\n,9003,250,\n";
    const first = (await upload(file, "kind=points&mode=add&fileName=fixed.csv")).json().data.import;
    expect(first.errorRows).toBe(0);
    const done = await runToEnd(first.id);
    expect(done).toMatchObject({ status: "done", doneRows: 2, changedRows: 2 });
    expect(await customer("9001")).toMatchObject({ availablePoints: 100, type: "member" });
    expect(await customer("9003")).toMatchObject({ availablePoints: 250, type: "member" });
    const activities = (await adminGet(t.app, `/apiSa/customers/${ids["9001"]}/activities`, token)).json()
      .data;
    expect(activities.activities[0]).toMatchObject({
      activityType: "adjust_import_add",
      points: 100,
      note: "fixed.csv, line 2 (created 2024-03-01)",
      actor: "demo@laurel.test",
    });

    const entries = await ledgerCount();
    const again = (await upload(file, "kind=points&mode=add&fileName=fixed-again.csv")).json().data.import;
    const rerun = await runToEnd(again.id);
    expect(rerun).toMatchObject({ status: "done", doneRows: 2, changedRows: 0 });
    expect(await ledgerCount()).toBe(entries);
    expect((await customer("9001")).availablePoints).toBe(100);
    expect((await auditLedger(t.deps.db, "shop_demo")).balanceMismatches).toHaveLength(0);

    // J-12: the merchant who started each import is told once it finished, with its counts.
    const told = await t.deps.db
      .selectFrom("notifications")
      .select(["recipient", "data"])
      .where("shop_id", "=", "shop_demo")
      .where("event", "=", "import_completed")
      .where("idempotency_key", "like", `%:import:${first.id}`)
      .execute();
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({
      recipient: "demo@laurel.test",
      data: { file: "fixed.csv", count: 2, failed: 0 },
    });

    const second = await adminSend(t.app, "POST", `/apiSa/customers/imports/${first.id}/start`, token);
    expect(second.statusCode).toBe(409);

    const history = (await adminGet(t.app, "/apiSa/customers/imports?pageSize=2", token)).json().data;
    expect(history.imports.map((i: { id: string }) => i.id)).toEqual([again.id, first.id]);
    expect(history.nextCursor).not.toBeNull();
  });

  it("import reset sets the balance to the file's points", async () => {
    const file = "Phone,Points\n+1 555 010 2000,30\n";
    const imp = (await upload(file, "kind=points&mode=reset&fileName=reset.csv")).json().data.import;
    expect(imp.errorRows).toBe(0);
    const done = await runToEnd(imp.id);
    expect(done).toMatchObject({ status: "done", changedRows: 1 });
    const g = await customer("9002");
    expect(g.availablePoints).toBe(30);
    const activities = (await adminGet(t.app, `/apiSa/customers/${ids["9002"]}/activities`, token)).json()
      .data;
    expect(activities.activities[0]).toMatchObject({ activityType: "adjust_import_reset", points: 30 });
  });

  it("a file cut in the middle of a quoted cell: the good rows stay importable, the cut line is named", async () => {
    const file = 'Customer ID,Points\n9003,5\n9001,"7';
    const res = await upload(file, "kind=points&fileName=cut.csv");
    expect(res.statusCode, res.body).toBe(200);
    const { import: imp, errors } = res.json().data;
    expect(imp).toMatchObject({ totalRows: 2, errorRows: 1 });
    expect(errors[0]).toMatchObject({
      field: "file",
      message: expect.stringContaining("quote is never closed"),
    });
  });
});

describe("migration from another loyalty app (J-13, J-14)", () => {
  const smile = [
    "first_name,email,points_balance,vip_tier_name,date_of_birth",
    "Ada,Ada@Example.com,500,Gold,1990-05-14",
    "Nobody,nobody@example.com,10,,",
    "Grace,grace@example.com,-5,,",
    'Alan,alan@example.com,"1,250",Silver,',
  ].join("\n");
  const mapped = "emailColumn=email&pointsColumn=points_balance&birthdayColumn=date_of_birth";

  it("guesses the mapping from a competitor's headers", () => {
    const headers = smile.split("\n")[0]?.split(",") ?? [];
    expect(guessMigrationMapping(headers)).toEqual({
      email: "email",
      points: "points_balance",
      birthday: "date_of_birth",
    });
    expect(guessMigrationSource(headers)).toBe("smile");
    expect(guessMigrationSource(["email", "points_approved", "merchant_id"])).toBe("loyaltylion");
  });

  it("refuses a mapping without an e-mail column, or naming a header the file lacks", async () => {
    await refreshToken();
    const noEmail = await upload(smile, "kind=migration&pointsColumn=points_balance&fileName=smile.csv");
    expect(noEmail.statusCode).toBe(400);
    expect(noEmail.json().errors[0].field).toBe("emailColumn");
    const wrong = await upload(
      smile,
      "kind=migration&emailColumn=e_mail&pointsColumn=points_balance&fileName=smile.csv",
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      errors: [{ field: "file", message: "Your file has no column named e_mail." }],
    });
  });

  it("dry run first: what would change and what is refused, per row, with nothing written; then applies", async () => {
    await refreshToken();
    const before = await ledgerCount();
    const ada = (await customer("9001")).availablePoints as number;
    const alan = (await customer("9003")).availablePoints as number;
    const res = await upload(smile, `kind=migration&source=smile&${mapped}&fileName=smile.csv`);
    expect(res.statusCode, res.body).toBe(200);
    const { import: imp, errors, dryRun } = res.json().data;
    expect(imp).toMatchObject({
      kind: "migration",
      source: "smile",
      status: "ready",
      totalRows: 4,
      errorRows: 2,
    });
    expect(errors).toEqual([
      { line: 3, field: "Email", message: "No customer with this Email in the store" },
      { line: 4, field: "points_balance", message: "points_balance must be between 0 and 1,000,000,000" },
    ]);
    expect(dryRun).toMatchObject({ change: 2, keep: 0, refused: 2, birthdays: 1 });
    expect(dryRun.preview).toEqual([
      {
        line: 2,
        email: "Ada@Example.com",
        currentPoints: ada,
        newPoints: 500,
        orders: null,
        spentMinor: null,
        ordersOutcome: null,
      },
      {
        line: 5,
        email: "alan@example.com",
        currentPoints: alan,
        newPoints: 1250,
        orders: null,
        spentMinor: null,
        ordersOutcome: null,
      },
    ]);
    expect(await ledgerCount()).toBe(before);

    const done = await runToEnd(imp.id);
    expect(done).toMatchObject({ status: "done", doneRows: 2, changedRows: 2 });
    expect(await customer("9001")).toMatchObject({ availablePoints: 500, birthday: "05/14", type: "member" });
    expect((await customer("9003")).availablePoints).toBe(1250);
    const activities = (await adminGet(t.app, `/apiSa/customers/${ids["9001"]}/activities`, token)).json()
      .data;
    expect(activities.activities[0]).toMatchObject({ activityType: "migrate_point", points: 500 - ada });

    // The same export again: the dry run says every balance stays; applying it changes nothing.
    const again = (
      await upload(smile, `kind=migration&source=smile&${mapped}&fileName=smile-again.csv`)
    ).json().data;
    expect(again.dryRun).toMatchObject({ change: 0, keep: 2 });
    const entries = await ledgerCount();
    expect(await runToEnd(again.import.id)).toMatchObject({ status: "done", changedRows: 0 });
    expect(await ledgerCount()).toBe(entries);
    expect((await auditLedger(t.deps.db, "shop_demo")).balanceMismatches).toHaveLength(0);
  });
});

describe("birthday import (J-09)", () => {
  it("sets birthdays (MM/DD), refusing days that do not exist", async () => {
    const file = "Email,Birthday\ngrace@example.com,02/29\nalan@example.com,02/30\n";
    const res = await upload(file, "kind=birthday&fileName=birthdays.csv");
    const { import: imp, errors } = res.json().data;
    expect(errors).toEqual([{ line: 3, field: "Birthday", message: "Birthday is not a real day (MM/DD)" }]);
    const done = await runToEnd(imp.id);
    expect(done).toMatchObject({ status: "done", doneRows: 1, changedRows: 1 });
    expect((await customer("9002")).birthday).toBe("02/29");
  });
});

describe("scale (P9's shape, small)", () => {
  it("imports a few thousand rows set-based, a batch at a time, and again adds nothing", async () => {
    // More than one batch (and more than one staging statement): the cursor carries the rest.
    const n = IMPORT_BATCH + 1_000;
    await t.deps.db.transaction().execute(async (trx) => {
      await trx
        .insertInto("customers")
        .values(
          Array.from({ length: n }, (_, i) => ({
            shop_id: "shop_demo",
            id: `cus_bulk_${i}`,
            platform_customer_id: `bulk-${i}`,
            email: `bulk${i}@example.com`,
            type: "member" as const,
          })),
        )
        .execute();
    });
    await refreshToken();
    const lines = ["Email,Points", ...Array.from({ length: n }, (_, i) => `bulk${i}@example.com,${i + 1}`)];
    const file = `${lines.join("\r\n")}\r\n`;
    const imp = (await upload(file, "kind=points&fileName=bulk.csv")).json().data.import;
    expect(imp).toMatchObject({ totalRows: n, errorRows: 0 });
    // Started without its job (as if the worker died after the start): one batch commits with its
    // cursor and shows as progress; the job's run then resumes after it.
    await t.deps.db
      .updateTable("customer_imports")
      .set({ status: "importing", started_at: new Date() })
      .where("id", "=", imp.id)
      .execute();
    expect(await applyNextBatch(t.deps, "shop_demo", imp.id)).toBe(true);
    const half = (await adminGet(t.app, `/apiSa/customers/imports/${imp.id}`, token)).json().data;
    expect(half).toMatchObject({ status: "importing", doneRows: IMPORT_BATCH, changedRows: IMPORT_BATCH });
    await runImport(t.deps, "shop_demo", imp.id);
    const done = (await adminGet(t.app, `/apiSa/customers/imports/${imp.id}`, token)).json().data;
    expect(done).toMatchObject({ status: "done", doneRows: n, changedRows: n });
    const sum = await t.deps.db
      .selectFrom("customers")
      .select((eb) => eb.fn.sum<number>("available_points").as("s"))
      .where("id", "like", "cus_bulk_%")
      .executeTakeFirstOrThrow();
    expect(Number(sum.s)).toBe((n * (n + 1)) / 2);
    const again = (await upload(file, "kind=points&fileName=bulk.csv")).json().data.import;
    expect(await runToEnd(again.id)).toMatchObject({ status: "done", changedRows: 0 });
  }, 120_000);
});

describe("manual adjustment with 'affect tier' (J-17, H-14)", () => {
  it("moves tier points too, with an 'adjust tier point' entry; refused for a member of an exclusive tier", async () => {
    await refreshToken();
    const id = ids["9002"] as string;
    const before = await customer("9002");
    const res = await adminSend(t.app, "POST", `/apiSa/customers/${id}/points`, token, {
      points: 75,
      note: "Goodwill",
      affectTier: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = await customer("9002");
    expect(after.availablePoints).toBe(before.availablePoints + 75);
    expect(after.tierPoints).toBe(before.tierPoints + 75);
    const activities = (await adminGet(t.app, `/apiSa/customers/${id}/activities`, token)).json().data;
    expect(
      activities.activities
        .slice(0, 2)
        .map((a: { activityType: string }) => a.activityType)
        .sort(),
    ).toEqual(["adjust_point", "adjust_tier_point"]);

    // Without the box ticked the tier points stay.
    await adminSend(t.app, "POST", `/apiSa/customers/${id}/points`, token, { points: 5 });
    expect((await customer("9002")).tierPoints).toBe(after.tierPoints);

    // A member placed in an exclusive tier by hand: refused with the spec's message, nothing written.
    await t.deps.db
      .insertInto("customer_tiers")
      .values({ shop_id: "shop_demo", customer_id: id, tier_id: null, exclusive: true })
      .onConflict((oc) => oc.columns(["shop_id", "customer_id", "program"]).doUpdateSet({ exclusive: true }))
      .execute();
    const entries = await ledgerCount();
    const refused = await adminSend(t.app, "POST", `/apiSa/customers/${id}/points`, token, {
      points: 10,
      affectTier: true,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe("Tier-point adjustment is unavailable for exclusive tiers");
    expect(await ledgerCount()).toBe(entries);
    expect((await customer("9002")).availablePoints).toBe(after.availablePoints + 5);
  });
});

describe("the internal import file manager (J-12)", () => {
  it("lists every shop's imports for staff only", async () => {
    await refreshToken();
    const merchant = await adminGet(t.app, "/apiSa/dev_zone/imports", token);
    expect(merchant.statusCode).toBe(403);
    const staff = await signInStaff(t.app);
    const res = await adminGet(t.app, "/apiSa/dev_zone/imports?pageSize=2", staff.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.imports).toHaveLength(2);
    expect(res.json().data.imports[0].shopDomain).toBe("laurel-demo.myshopify.com");
    expect(res.json().data.nextCursor).not.toBeNull();
  });
});
