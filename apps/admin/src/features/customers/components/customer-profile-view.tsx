import { MAX_MANUAL_ADJUSTMENT } from "@laurel/contracts";
import { Banner, Layout, Modal, Page, Text } from "@shopify/polaris";
import { useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { ScreenSkeleton } from "../../../components/skeletons";
import { isApiError } from "../../../lib/api/errors";
import { customerKeys } from "../../../lib/query-keys";
import { useCreateOrDeleteToast } from "../../../lib/toast-helpers";
import { useCustomerCoupons } from "../api/get-customer-coupons";
import { useCustomerProfile } from "../api/get-customer-profile";
import { postCustomerMembership } from "../api/post-customer-membership";
import { postCustomerPoints } from "../api/post-customer-points";
import { postCustomerSync } from "../api/post-customer-sync";
import { postRevokeCoupon } from "../api/post-revoke-coupon";
import { useProfileParams } from "../hooks/use-profile-params";
import { displayName } from "../utils/format";
import { ActivitiesCard } from "./activities-card";
import { AdjustPointsModal } from "./adjust-points-modal";
import { ChildrenCard } from "./children-card";
import { CouponsCard } from "./coupons-card";
import { MemberTiersCard } from "./member-tiers-card";
import { MembershipCard } from "./membership-card";
import { OverviewCard } from "./overview-card";
import { PersonalInfoCard } from "./personal-info-card";
import { RevokeCouponModal } from "./revoke-coupon-modal";

/**
 * J-04: one customer. Overview, personal information (editable), membership details, activities by
 * sub-tab, coupons with revoke; adjust points (J-17) and exclude / join (J-05) as page actions.
 */
export function CustomerProfileView({
  id,
  href,
  referrals,
  earning,
}: {
  id: string;
  href: (path: string) => string;
  /** The profile's referral tab (E-12), composed by the route from the referrals feature. */
  referrals?: ReactNode;
  /** Why the customer's orders earned (issue 14), composed by the route from the programs feature. */
  earning?: ReactNode;
}) {
  const { t } = useTranslation();
  const url = useProfileParams();
  const profile = useCustomerProfile(id);
  const coupons = useCustomerCoupons(id, profile.isSuccess);
  const queryClient = useQueryClient();
  const run = useCreateOrDeleteToast();
  const back = { content: t("customers.title"), url: href("/customers") };
  const refresh = () => queryClient.invalidateQueries({ queryKey: customerKeys.all });
  // J-21: read the customer from Shopify now; the profile shows what came back.
  const [syncing, setSyncing] = useState(false);
  const sync = async () => {
    setSyncing(true);
    const result = await run(() => postCustomerSync(id), { failureMessage: t("customers.toast.syncFailed") });
    if (result.ok) await refresh();
    setSyncing(false);
  };

  if (profile.isPending) return <ScreenSkeleton title={t("customers.title")} />;
  if (profile.isError) {
    const missing = isApiError(profile.error, "customer_not_found");
    return (
      <Page title={t("customers.title")} backAction={back}>
        <Banner
          tone="critical"
          title={missing ? t("customers.profile.notFound") : t("customers.profile.loadError")}
          action={
            missing
              ? undefined
              : { content: t("customers.common.tryAgain"), onAction: () => void profile.refetch() }
          }
        >
          <p>{profile.error.message}</p>
        </Banner>
      </Page>
    );
  }

  const { customer } = profile.data;
  const name = displayName(customer);
  const left = customer.type === "left";
  const deleted = customer.leftReason === "deleted";
  const revoking = coupons.data?.find((c) => c.id === url.revoke) ?? null;
  const membershipAction = left ? "join" : "exclude";

  return (
    <Page
      title={name}
      subtitle={customer.email ?? undefined}
      backAction={back}
      primaryAction={{
        content: t("customers.actions.adjustPoints"),
        onAction: () => url.openDialog("adjust"),
      }}
      secondaryActions={
        deleted
          ? []
          : [
              {
                content: t("customers.actions.sync"),
                loading: syncing,
                onAction: () => void sync(),
              },
              {
                content: left ? t("customers.actions.join") : t("customers.actions.exclude"),
                destructive: !left,
                onAction: () => url.openDialog(membershipAction),
              },
            ]
      }
    >
      <Layout>
        <Layout.Section>
          <OverviewCard profile={profile.data} />
        </Layout.Section>
        <Layout.Section>
          <ActivitiesCard
            customerId={id}
            filter={url.filter}
            page={url.page}
            onFilter={url.setFilter}
            onPage={url.setPage}
          />
        </Layout.Section>
        <Layout.Section variant="oneThird">
          <PersonalInfoCard customer={customer} />
        </Layout.Section>
        <Layout.Section variant="oneThird">
          <MembershipCard customer={customer} />
        </Layout.Section>
        <Layout.Section variant="oneThird">
          <MemberTiersCard customerId={id} />
        </Layout.Section>
        <Layout.Section variant="oneThird">
          <ChildrenCard customerId={id} items={profile.data.children} />
        </Layout.Section>
        <Layout.Section>
          <CouponsCard customerId={id} onRevoke={(c) => url.openRevoke(c.id)} />
        </Layout.Section>
        {referrals ? <Layout.Section>{referrals}</Layout.Section> : null}
        {earning ? <Layout.Section>{earning}</Layout.Section> : null}
      </Layout>
      <AdjustPointsModal
        open={url.dialog === "adjust"}
        target={name}
        max={MAX_MANUAL_ADJUSTMENT}
        onClose={() => url.openDialog(null)}
        offerAffectTier
        onSubmit={async (points, note, affectTier) => {
          const body = affectTier ? { points, note, affectTier } : { points, note };
          const result = await run(() => postCustomerPoints(id, body), {
            failureMessage: t("customers.toast.adjustFailed"),
          });
          if (result.ok) await refresh();
          return result.ok;
        }}
      />
      <Modal
        open={url.dialog === "exclude" || url.dialog === "join"}
        onClose={() => url.openDialog(null)}
        title={
          url.dialog === "join" ? t("customers.membership.joinTitle") : t("customers.membership.excludeTitle")
        }
        primaryAction={{
          content: url.dialog === "join" ? t("customers.actions.join") : t("customers.actions.exclude"),
          destructive: url.dialog === "exclude",
          onAction: async () => {
            const action = url.dialog === "join" ? "join" : "exclude";
            const result = await run(() => postCustomerMembership(id, { action }), {
              failureMessage: t("customers.toast.updateFailed"),
            });
            if (result.ok) {
              url.openDialog(null);
              await refresh();
            }
          },
        }}
        secondaryActions={[{ content: t("customers.common.cancel"), onAction: () => url.openDialog(null) }]}
      >
        <Modal.Section>
          <Text as="p">
            {url.dialog === "join"
              ? t("customers.membership.joinBody", { name })
              : t("customers.membership.excludeBody", { name })}
          </Text>
        </Modal.Section>
      </Modal>
      <RevokeCouponModal
        coupon={revoking}
        onClose={() => url.openRevoke(null)}
        onSubmit={async (note) => {
          if (!revoking) return false;
          const result = await run(() => postRevokeCoupon(id, revoking.id, { note }));
          if (result.ok) await refresh();
          return result.ok;
        }}
      />
    </Page>
  );
}
