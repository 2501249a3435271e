import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDemoStore } from "../src/app";
import { seedDemoEmails } from "../src/seed/demo-emails";
import { seedDemoMembers } from "../src/seed/demo-members";
import { seedDemoShoppers } from "../src/seed/demo-shop";
import { adminGet, createTestApp, signIn, type TestApp } from "./helpers";

/**
 * The embedded default (no SMTP_URL): e-mails go to the local catch-all mailbox, which the signed-in
 * merchant opens at /dev/mailbox; the demo seed leaves each kind of e-mail there (issue 11).
 */
let t: TestApp;
let cookie: string;
let token: string;

beforeAll(async () => {
  t = await createTestApp({ worker: true });
  await seedDemoMembers(t.deps);
  await seedDemoShoppers(t.deps);
  await seedDemoStore(t.deps);
  await seedDemoEmails(t.deps);
  await t.deps.queue.drain();
  ({ cookie, token } = await signIn(t.app));
});
afterAll(async () => {
  await t.close();
});

describe("local mailbox and demo e-mails", () => {
  it("the seed's e-mails are sent to the mailbox and logged as sent; a second seed adds none", async () => {
    const log = (await adminGet(t.app, "/apiSa/notifications/log", token)).json().data.entries;
    const events = new Set(log.map((e: { event: string }) => e.event));
    expect(events).toEqual(new Set(["points_earned", "reward_redeemed", "points_expiring"]));
    expect(log.every((e: { status: string }) => e.status === "sent")).toBe(true);
    expect(await seedDemoEmails(t.deps)).toBe(0);
    await seedDemoMembers(t.deps);
    const again = (await adminGet(t.app, "/apiSa/notifications/log", token)).json().data.entries;
    expect(again).toHaveLength(log.length);
  });

  it("the signed-in merchant reads the shop's mailbox in the browser; without a session it is refused", async () => {
    const page = await t.app.inject({
      method: "GET",
      url: "/dev/mailbox",
      cookies: { laurel_session: cookie },
    });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toContain("text/html");
    expect(page.body).toContain("ben@laurel.test");
    const id = /href="\/dev\/mailbox\/(\d+)"/.exec(page.body)?.[1];
    const message = await t.app.inject({
      method: "GET",
      url: `/dev/mailbox/${id}`,
      cookies: { laurel_session: cookie },
    });
    expect(message.statusCode).toBe(200);
    expect(message.body).toContain("<iframe");
    expect(message.body).toContain("List-Unsubscribe");
    expect((await t.app.inject({ method: "GET", url: "/dev/mailbox" })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: "GET", url: "/dev/mailbox/1", cookies: { laurel_session: "forged" } }))
        .statusCode,
    ).toBe(401);
  });

  it("no secret or raw message leaks into the admin API", async () => {
    const body = (await adminGet(t.app, "/apiSa/notifications/log", token)).body;
    expect(body).not.toContain(t.deps.sessionSecret);
    expect(body).not.toContain("Content-Transfer-Encoding");
  });
});
