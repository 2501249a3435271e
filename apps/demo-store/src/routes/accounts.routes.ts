import type { FastifyInstance } from "fastify";
import { authenticateShopper, registerShopper } from "../accounts/accounts.service";
import { SESSION_COOKIE } from "../accounts/session";
import { listShopperOrders } from "../orders/orders.service";
import { findDelivery, listCustomerDeliveries, retryDelivery } from "../platform/webhook-sender";
import { accountPage, loginPage, registerPage } from "../views/account.views";
import { LOGIN_PATH, REGISTER_PATH, STORE_PATH } from "../views/layout";
import { EMAIL, type Form, field, PUBLIC, type StoreHttp, safeReturnPath } from "./store-http";

/** Sign-in, sign-up, sign-out and the account page. */
export function registerAccountRoutes(scope: FastifyInstance, h: StoreHttp): void {
  const { deps, shopOr503, pageContext, sendPage, seeOther, currentShopper, signInAs, transport, log } = h;
  // ── Account ─────────────────────────────────────────────────────────────────────────────
  scope.get(`${STORE_PATH}/account`, PUBLIC, async (request, reply) => {
    const shop = await shopOr503(reply);
    if (!shop) return reply;
    const { ctx, shopper } = await pageContext(request, shop);
    if (!shopper) return seeOther(reply, LOGIN_PATH);
    const [orders, deliveries] = await Promise.all([
      listShopperOrders(deps, shop, shopper.customerId),
      listCustomerDeliveries(deps, shop, shopper.customerId),
    ]);
    return sendPage(
      reply,
      accountPage(
        ctx,
        shopper,
        orders,
        deliveries.filter((d) => !d.delivered_at),
      ),
    );
  });

  scope.post(`${STORE_PATH}/account/deliveries/:webhookId/retry`, PUBLIC, async (request, reply) => {
    const shop = await shopOr503(reply);
    if (!shop) return reply;
    const shopper = await currentShopper(request, shop);
    if (!shopper) return seeOther(reply, LOGIN_PATH);
    const { webhookId } = request.params as { webhookId: string };
    const delivery = await findDelivery(deps, shop, webhookId);
    if (delivery?.customer_id === shopper.customerId && delivery.order_id === null)
      await retryDelivery(deps, shop, webhookId, transport, log(request));
    return seeOther(reply, `${STORE_PATH}/account`);
  });

  const hints = h.shoppers.map((s) => ({
    email: s.email,
    password: s.password,
    firstName: s.firstName,
  }));

  scope.get(LOGIN_PATH, PUBLIC, async (request, reply) => {
    const shop = await shopOr503(reply);
    if (!shop) return reply;
    const { ctx, shopper } = await pageContext(request, shop);
    const returnTo = safeReturnPath(
      (request.query as { return_to?: string }).return_to,
      `${STORE_PATH}/account`,
    );
    if (shopper) return seeOther(reply, returnTo);
    return sendPage(reply, loginPage(ctx, { email: "", error: null, returnTo, hints }));
  });

  scope.post(LOGIN_PATH, PUBLIC, async (request, reply) => {
    const shop = await shopOr503(reply);
    if (!shop) return reply;
    const email = field(request.body, "email", 254);
    const password = (request.body as Form | undefined)?.password ?? "";
    const returnTo = safeReturnPath(field(request.body, "return_to", 500), `${STORE_PATH}/account`);
    const shopper =
      email && password ? await authenticateShopper(deps, shop, email, password.slice(0, 200)) : null;
    if (!shopper) {
      const { ctx } = await pageContext(request, shop);
      return sendPage(
        reply,
        loginPage(ctx, { email, error: "Incorrect e-mail or password.", returnTo, hints }),
        401,
      );
    }
    signInAs(reply, shopper);
    return seeOther(reply, returnTo);
  });

  scope.get(REGISTER_PATH, PUBLIC, async (request, reply) => {
    const shop = await shopOr503(reply);
    if (!shop) return reply;
    const { ctx } = await pageContext(request, shop);
    const returnTo = safeReturnPath(
      (request.query as { return_to?: string }).return_to,
      `${STORE_PATH}/account`,
    );
    return sendPage(reply, registerPage(ctx, { firstName: "", lastName: "", email: "" }, [], returnTo));
  });

  scope.post(REGISTER_PATH, PUBLIC, async (request, reply) => {
    const shop = await shopOr503(reply);
    if (!shop) return reply;
    const values = {
      firstName: field(request.body, "first_name", 60),
      lastName: field(request.body, "last_name", 60),
      email: field(request.body, "email", 254),
    };
    const password = (request.body as Form | undefined)?.password ?? "";
    const returnTo = safeReturnPath(field(request.body, "return_to", 500), `${STORE_PATH}/account`);
    const errors: { field: string; message: string }[] = [];
    if (!EMAIL.test(values.email)) errors.push({ field: "email", message: "Enter a valid e-mail address." });
    if (password.length < 8 || password.length > 200)
      errors.push({ field: "password", message: "Choose a password of at least 8 characters." });
    if (errors.length === 0) {
      const result = await registerShopper(
        deps,
        shop,
        {
          email: values.email,
          password,
          firstName: values.firstName || null,
          lastName: values.lastName || null,
        },
        transport,
        log(request),
      );
      if ("shopper" in result) {
        signInAs(reply, result.shopper);
        return seeOther(reply, returnTo);
      }
      errors.push({
        field: "email",
        message: "An account with this e-mail already exists. Sign in instead.",
      });
    }
    const { ctx } = await pageContext(request, shop);
    return sendPage(reply, registerPage(ctx, values, errors, returnTo), 400);
  });

  scope.post(`${STORE_PATH}/account/logout`, PUBLIC, async (_request, reply) => {
    void reply.clearCookie(SESSION_COOKIE, { path: "/" });
    return seeOther(reply, STORE_PATH);
  });
}
