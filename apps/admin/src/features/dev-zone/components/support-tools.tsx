import { type PlanId, type PriorOrderSyncState, planIds, type StaffShop } from "@laurel/contracts";
import {
  Badge,
  Banner,
  BlockStack,
  Button,
  Card,
  InlineStack,
  Select,
  SkeletonBodyText,
  Text,
  TextField,
} from "@shopify/polaris";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../../lib/api/errors";
import { useToast } from "../../../lib/host/host";
import { planDisplayName } from "../../../lib/plans";
import { usePriorOrderSync, useUnlockPriorOrderSync } from "../api/prior-order-sync";
import { usePutStaffShopPlan } from "../api/put-staff-shop-plan";

/**
 * `/dev_zone/support/tools` (P-10): what Laurel support does on a shop's behalf, each action
 * audit-logged by the server: allow one more past-order sync (C-27, decision 0172), and grant a
 * plan (e.g. Advanced for the demo shop to try B2B partner tiers, decision 0174).
 */
export function SupportTools({ shops }: { shops: StaffShop[] }) {
  const { t } = useTranslation();
  const [shopId, setShopId] = useState(shops[0]?.id ?? "");
  return (
    <BlockStack gap="400">
      <Text as="p" tone="subdued">
        {t("devZone.support.help")}
      </Text>
      <Card>
        <Select
          label={t("devZone.support.shop")}
          options={shops.map((s) => ({ value: s.id, label: `${s.name} (${s.shopifyDomain})` }))}
          value={shopId}
          onChange={setShopId}
        />
      </Card>
      {shopId ? <PriorOrderSyncSupport key={shopId} shopId={shopId} /> : null}
      {shopId ? (
        <PlanGrant key={`plan-${shopId}`} shopId={shopId} plan={shops.find((s) => s.id === shopId)?.plan} />
      ) : null}
    </BlockStack>
  );
}

function PriorOrderSyncSupport({ shopId }: { shopId: string }) {
  const { t } = useTranslation();
  const toast = useToast();
  const state = usePriorOrderSync(shopId);
  const unlock = useUnlockPriorOrderSync(shopId);
  const [reason, setReason] = useState("");
  const [reasonError, setReasonError] = useState<string | undefined>();
  const serverError = unlock.error instanceof ApiError ? unlock.error : null;
  const fieldError = reasonError ?? serverError?.errors.find((e) => e.field === "reason")?.message;
  const failure = serverError && !fieldError ? serverError.serverError : undefined;

  const onUnlock = () => {
    if (reason.trim() === "") {
      setReasonError(t("devZone.support.required"));
      return;
    }
    setReasonError(undefined);
    unlock.mutate(
      { reason: reason.trim() },
      {
        onSuccess: () => {
          setReason("");
          toast(t("devZone.support.unlocked"));
        },
      },
    );
  };

  let body: React.ReactNode;
  if (state.isPending) body = <SkeletonBodyText lines={3} />;
  else if (state.isError)
    body = (
      <Banner
        tone="critical"
        title={t("devZone.support.loadError")}
        action={{ content: t("devZone.support.retry"), onAction: () => void state.refetch() }}
      >
        <p>{state.error.message}</p>
      </Banner>
    );
  else
    body = (
      <BlockStack gap="300">
        <SyncStatus state={state.data} />
        {state.data.locked && state.data.run?.status === "done" ? (
          <BlockStack gap="200">
            <TextField
              label={t("devZone.support.reason")}
              helpText={t("devZone.support.reasonHelp")}
              value={reason}
              onChange={(v) => {
                setReason(v);
                setReasonError(undefined);
                unlock.reset();
              }}
              error={fieldError}
              multiline={2}
              maxLength={500}
              autoComplete="off"
            />
            <InlineStack>
              <Button variant="primary" onClick={onUnlock} loading={unlock.isPending}>
                {t("devZone.support.unlock")}
              </Button>
            </InlineStack>
          </BlockStack>
        ) : null}
        {failure ? (
          <Banner tone="critical">
            <p>{failure}</p>
          </Banner>
        ) : null}
      </BlockStack>
    );

  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          {t("devZone.support.priorTitle")}
        </Text>
        <Text as="p" tone="subdued">
          {t("devZone.support.priorHelp")}
        </Text>
        {body}
      </BlockStack>
    </Card>
  );
}

function SyncStatus({ state }: { state: PriorOrderSyncState }) {
  const { t } = useTranslation();
  const run = state.run;
  if (!run) return <Text as="p">{t("devZone.support.never")}</Text>;
  const status =
    run.status === "failed"
      ? t("devZone.support.failed")
      : run.status !== "done"
        ? t("devZone.support.running")
        : state.locked
          ? t("devZone.support.locked")
          : t("devZone.support.unlockedNote");
  return (
    <BlockStack gap="200">
      <InlineStack gap="200" blockAlign="center">
        <Badge tone={state.locked ? "attention" : "success"}>
          {state.locked ? t("devZone.support.lockedBadge") : t("devZone.support.openBadge")}
        </Badge>
        <Text as="p">{status}</Text>
      </InlineStack>
      {run.status === "done" ? (
        <Text as="p" tone="subdued">
          {t("devZone.support.lastRun", { since: run.since, orders: run.credited, points: run.points })}
        </Text>
      ) : null}
    </BlockStack>
  );
}

/** A plan granted by Laurel support (the staff API's `plan`, audited by the server). */
function PlanGrant({ shopId, plan }: { shopId: string; plan: PlanId | undefined }) {
  const { t } = useTranslation();
  const toast = useToast();
  const grant = usePutStaffShopPlan(shopId);
  const [chosen, setChosen] = useState<PlanId>(plan ?? "free");
  const onGrant = () =>
    grant.mutate(chosen, {
      onSuccess: () => toast(t("devZonePlan.granted", { plan: planDisplayName(chosen) })),
      onError: (error) =>
        toast(error instanceof ApiError && error.serverError ? error.serverError : t("devZonePlan.failed"), {
          isError: true,
        }),
    });
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          {t("devZonePlan.title")}
        </Text>
        <Text as="p" tone="subdued">
          {t("devZonePlan.help")}
        </Text>
        <Select
          label={t("devZonePlan.plan")}
          options={planIds.map((id) => ({ value: id, label: `${planDisplayName(id)} (${id})` }))}
          value={chosen}
          onChange={(v) => setChosen(v as PlanId)}
        />
        <InlineStack>
          <Button onClick={onGrant} loading={grant.isPending} disabled={chosen === plan}>
            {t("devZonePlan.grant")}
          </Button>
        </InlineStack>
      </BlockStack>
    </Card>
  );
}
