import type { TierProgramView, TierView } from "@laurel/contracts";
import {
  BlockStack,
  Card,
  Checkbox,
  FormLayout,
  Layout,
  Page,
  Select,
  Text,
  TextField,
} from "@shopify/polaris";
import { useTranslation } from "react-i18next";
import { LeavePageGuard } from "../../../components/leave-page-guard";
import { NotFoundPage } from "../../../components/not-found-page";
import { SaveBar } from "../../../components/save-bar/save-bar";
import { useAppPaths } from "../../../lib/routing";
import { useTierProgram } from "../api/get-tier-program";
import { useSaveTierRewards } from "../api/save-tier-rewards";
import { tierPaths, useTierProgramKind } from "../api/tier-program-kind";
import { useTierForm } from "../hooks/use-tier-form";
import { milestoneToInput } from "../utils/milestone";
import { type CouponForm, type RewardErrors, rewardBodyOf, rewardFormOf } from "../utils/tier-reward-form";
import { TierProgramGate } from "./tier-program-gate";

/**
 * `/membership/tier-reward/:id` (I-25; decision 0135): what a member gets for a tier: entry points
 * and a tier-up coupon on reaching it, and a pre-tier reward when they come within reach of it.
 */
export function TierRewardEditor({ tierId }: { tierId: string }) {
  const { t } = useTranslation();
  const { href } = useAppPaths();
  const program = useTierProgram();
  const kind = useTierProgramKind();
  const back = {
    content: t(kind === "b2b" ? "b2bTiers.title" : "membership.title"),
    url: href(tierPaths(kind).home),
  };
  return (
    <TierProgramGate program={program} title={t("tierRewards.title")} backAction={back} skeletonLines={8}>
      {(data) => {
        const tier = data.tiers.find((x) => x.id === tierId);
        if (!tier) return <NotFoundPage />;
        return <TierRewardPage key={tier.id} program={data} tier={tier} />;
      }}
    </TierProgramGate>
  );
}

function TierRewardPage({ program, tier }: { program: TierProgramView; tier: TierView }) {
  const { t } = useTranslation();
  const { href } = useAppPaths();
  const save = useSaveTierRewards();
  const kind = useTierProgramKind();
  const paths = tierPaths(kind);
  const basis = program.settings.basis;
  const ranked = program.tiers.filter((x) => !x.exclusive).sort((a, b) => a.milestone - b.milestone);
  const below = ranked[ranked.findIndex((x) => x.id === tier.id) - 1];
  // I-13: a pre-tier reward lies between the tier below and this one: none for the base or an exclusive tier.
  const preTierPossible = !tier.exclusive && below !== undefined;

  const shown = (local: RewardErrors) =>
    Object.fromEntries(Object.entries(local).map(([k, v]) => [k, t(`tierRewards.errors.${v}`)]));
  const { form, errors, change, bar } = useTierForm({
    initial: () => rewardFormOf(basis, tier),
    check: (f) => {
      const { body, errors: local } = rewardBodyOf(basis, f);
      return { body, errors: shown(local) };
    },
    save: (body) => save.mutateAsync({ id: tier.id, body }),
    home: paths.home,
  });

  return (
    <Page
      title={t(kind === "b2b" ? "b2bTiers.privilegesFor" : "tierRewards.titleFor", { name: tier.name })}
      backAction={{
        content: t(kind === "b2b" ? "b2bTiers.title" : "membership.title"),
        url: href(paths.home),
      }}
      secondaryActions={[{ content: t("tierRewards.editTier"), url: href(paths.editTier(tier.id)) }]}
    >
      <Layout>
        <Layout.AnnotatedSection title={t("tierRewards.entryTitle")} description={t("tierRewards.entryHelp")}>
          <Card>
            <FormLayout>
              <TextField
                label={t("membership.editor.entryPoints")}
                type="number"
                min={0}
                autoComplete="off"
                value={form.entryPoints}
                error={errors.entryPoints}
                onChange={(entryPoints) => change({ entryPoints })}
              />
              <CouponFields
                prefix="entryCoupon"
                label={t("tierRewards.entryCoupon")}
                coupon={form.entryCoupon}
                errors={errors}
                onChange={(entryCoupon) => change({ entryCoupon })}
              />
            </FormLayout>
          </Card>
        </Layout.AnnotatedSection>
        <Layout.AnnotatedSection title={t("tierRewards.preTitle")} description={t("tierRewards.preHelp")}>
          <Card>
            {preTierPossible ? (
              <FormLayout>
                <Checkbox
                  label={t("tierRewards.preOn")}
                  checked={form.preTierOn}
                  onChange={(preTierOn) => change({ preTierOn })}
                />
                {form.preTierOn && (
                  <>
                    <TextField
                      label={t(`tierRewards.threshold.${basis}`)}
                      helpText={t("tierRewards.thresholdHelp", {
                        below: milestoneToInput(basis, below?.milestone ?? 0),
                        tier: milestoneToInput(basis, tier.milestone),
                      })}
                      type="number"
                      min={0}
                      autoComplete="off"
                      value={form.threshold}
                      error={errors["preTier.threshold"]}
                      onChange={(threshold) => change({ threshold })}
                    />
                    <TextField
                      label={t("tierRewards.prePoints")}
                      type="number"
                      min={0}
                      autoComplete="off"
                      value={form.prePoints}
                      error={errors["preTier.points"]}
                      onChange={(prePoints) => change({ prePoints })}
                    />
                    <CouponFields
                      prefix="preTier.coupon"
                      label={t("tierRewards.preCoupon")}
                      coupon={form.preCoupon}
                      errors={errors}
                      onChange={(preCoupon) => change({ preCoupon })}
                    />
                  </>
                )}
              </FormLayout>
            ) : (
              <Text as="p" tone="subdued">
                {tier.exclusive ? t("tierRewards.preExclusive") : t("tierRewards.preBase")}
              </Text>
            )}
          </Card>
        </Layout.AnnotatedSection>
        <Layout.Section>
          <Card>
            <BlockStack gap="200">
              <Text as="h2" variant="headingSm">
                {t("membership.editor.asideTitle")}
              </Text>
              <Text as="p" tone="subdued">
                {program.status === "launched"
                  ? t("membership.editor.asideLaunched")
                  : t("membership.editor.asideDraft")}
              </Text>
            </BlockStack>
          </Card>
        </Layout.Section>
      </Layout>
      <SaveBar state={bar} />
      <LeavePageGuard when={bar.saveChanged} />
    </Page>
  );
}

function CouponFields(props: {
  prefix: string;
  label: string;
  coupon: CouponForm;
  errors: Record<string, string>;
  onChange: (c: CouponForm) => void;
}) {
  const { t } = useTranslation();
  const { coupon, errors, prefix } = props;
  const set = (patch: Partial<CouponForm>) => props.onChange({ ...coupon, ...patch });
  return (
    <BlockStack gap="300">
      <Checkbox label={props.label} checked={coupon.on} onChange={(on) => set({ on })} />
      {coupon.on && (
        <FormLayout.Group>
          <Select
            label={t("tierRewards.discountType")}
            options={(["percentage", "amount", "free_shipping"] as const).map((value) => ({
              value,
              label: t(`tierRewards.types.${value}`),
            }))}
            value={coupon.discountType}
            onChange={(v) => set({ discountType: v as CouponForm["discountType"] })}
          />
          {coupon.discountType !== "free_shipping" && (
            <TextField
              label={coupon.discountType === "amount" ? t("tierRewards.amount") : t("tierRewards.percent")}
              type="number"
              min={0}
              autoComplete="off"
              value={coupon.value}
              error={errors[`${prefix}.value`]}
              onChange={(value) => set({ value })}
            />
          )}
          <TextField
            label={t("tierRewards.minimumSubtotal")}
            placeholder={t("tierRewards.none")}
            type="number"
            min={0}
            autoComplete="off"
            value={coupon.minimumSubtotal}
            error={errors[`${prefix}.minimumSubtotal`]}
            onChange={(minimumSubtotal) => set({ minimumSubtotal })}
          />
          <TextField
            label={t("tierRewards.expiresInDays")}
            placeholder={t("tierRewards.noEnd")}
            type="number"
            min={1}
            autoComplete="off"
            value={coupon.expiresInDays}
            error={errors[`${prefix}.expiresInDays`]}
            onChange={(expiresInDays) => set({ expiresInDays })}
          />
        </FormLayout.Group>
      )}
    </BlockStack>
  );
}
