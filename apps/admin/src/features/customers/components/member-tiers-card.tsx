import type { MemberProgramTier } from "@laurel/contracts";
import {
  Badge,
  Banner,
  BlockStack,
  Button,
  Card,
  Checkbox,
  InlineStack,
  Modal,
  Select,
  SkeletonBodyText,
  Text,
} from "@shopify/polaris";
import { useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { customerKeys } from "../../../lib/query-keys";
import { useCreateOrDeleteToast, useEditToast } from "../../../lib/toast-helpers";
import { putMemberTier, useMemberTiers } from "../api/member-tiers";

const UNASSIGN = "__unassign";

/** The tiers a member may be set to by hand: any other tier on the points basis (I-18), else exclusive ones (I-17). */
function choicesOf(p: MemberProgramTier) {
  if (!p.changeable) return [];
  return p.tiers.filter((tier) => tier.id !== p.tierId && (p.directChange || tier.exclusive));
}

/** Why a program's tier cannot be changed here now, or null when it can. */
function blockedReason(p: MemberProgramTier): "notLaunched" | "running" | "basis" | "b2bBasis" | null {
  if (p.status !== "launched") return "notLaunched";
  if (!p.changeable) return "running";
  if (choicesOf(p).length === 0 && !p.exclusive) return p.program === "b2b" ? "b2bBasis" : "basis";
  return null;
}

/**
 * J-04 with I-17, I-18 (decision 0177): the customer's VIP tier and, for a company member while
 * the shop meets the B2B requirements, their B2B partner tier; each changed by hand from here.
 */
export function MemberTiersCard({ customerId }: { customerId: string }) {
  const { t } = useTranslation();
  const tiers = useMemberTiers(customerId);
  const [editing, setEditing] = useState<MemberProgramTier | null>(null);

  let content: ReactNode;
  if (tiers.isPending) content = <SkeletonBodyText lines={3} />;
  else if (tiers.isError)
    content = (
      <Banner
        tone="critical"
        title={t("customers.tiers.loadError")}
        action={{ content: t("customers.common.tryAgain"), onAction: () => void tiers.refetch() }}
      />
    );
  else if (tiers.data.programs.length === 0)
    content = (
      <Text as="p" tone="subdued">
        {t("customers.tiers.empty")}
      </Text>
    );
  else
    content = tiers.data.programs.map((p) => {
      const reason = blockedReason(p);
      const label = t(`customers.tiers.program.${p.program}`);
      return (
        <BlockStack gap="100" key={p.program}>
          <Text as="h3" tone="subdued" variant="bodySm">
            {label}
          </Text>
          <InlineStack align="space-between" blockAlign="center" gap="200">
            <InlineStack gap="200" blockAlign="center">
              <Text as="span" variant="bodyMd" fontWeight="semibold">
                {p.tierName ?? t("customers.tiers.none")}
              </Text>
              {p.exclusive ? <Badge tone="info">{t("customers.tiers.exclusive")}</Badge> : null}
            </InlineStack>
            <Button
              size="slim"
              disabled={reason !== null}
              onClick={() => setEditing(p)}
              accessibilityLabel={t(`customers.tiers.changeLabel.${p.program}`)}
            >
              {t("customers.tiers.change")}
            </Button>
          </InlineStack>
          {reason ? (
            <Text as="p" tone="subdued" variant="bodySm">
              {t(`customers.tiers.blocked.${reason}`)}
            </Text>
          ) : null}
        </BlockStack>
      );
    });

  return (
    <Card>
      <div data-testid="customer-tiers">
        <BlockStack gap="300">
          <Text as="h2" variant="headingMd">
            {t("customers.tiers.title")}
          </Text>
          {content}
        </BlockStack>
      </div>
      <ChangeTierModal customerId={customerId} program={editing} onClose={() => setEditing(null)} />
    </Card>
  );
}

function ChangeTierModal({
  customerId,
  program,
  onClose,
}: {
  customerId: string;
  program: MemberProgramTier | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  // I-17's own words when an unassignment fails; a refused change says the server's reason.
  const runUnassign = useCreateOrDeleteToast();
  const runChange = useEditToast();
  const [choice, setChoice] = useState("");
  const [grant, setGrant] = useState(false);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (program) {
      setChoice("");
      setGrant(false);
    }
  }, [program]);

  if (!program) return null;
  const choices = choicesOf(program);
  const chosen = program.tiers.find((tier) => tier.id === choice);
  const options = [
    { label: t("customers.tiers.choose"), value: "", disabled: true },
    ...choices.map((tier) => ({
      label: tier.exclusive ? `${tier.name} (${t("customers.tiers.exclusive")})` : tier.name,
      value: tier.id,
    })),
    ...(program.exclusive ? [{ label: t("customers.tiers.unassign"), value: UNASSIGN }] : []),
  ];
  const help =
    choice === UNASSIGN
      ? t("customers.tiers.help.unassign")
      : chosen?.exclusive
        ? t("customers.tiers.help.exclusive")
        : chosen
          ? t("customers.tiers.help.direct")
          : undefined;

  const submit = async () => {
    if (!choice) return;
    setBusy(true);
    try {
      const result =
        choice === UNASSIGN
          ? await runUnassign(
              () => putMemberTier(customerId, program.program, { tierId: null, grantEntryReward: false }),
              { failureMessage: t("customers.tiers.unassignFailed") },
            )
          : await runChange(() =>
              putMemberTier(customerId, program.program, { tierId: choice, grantEntryReward: grant }),
            );
      if (result.ok) {
        await queryClient.invalidateQueries({ queryKey: customerKeys.detail(customerId) });
        onClose();
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      onClose={onClose}
      title={t(`customers.tiers.changeLabel.${program.program}`)}
      primaryAction={{
        content: t("customers.tiers.save"),
        onAction: () => void submit(),
        loading: busy,
        disabled: choice === "",
      }}
      secondaryActions={[{ content: t("customers.common.cancel"), onAction: onClose }]}
    >
      <Modal.Section>
        <BlockStack gap="300">
          <Text as="p">
            {t("customers.tiers.current", { tier: program.tierName ?? t("customers.tiers.none") })}
          </Text>
          <Select
            label={t("customers.tiers.newTier")}
            options={options}
            value={choice}
            onChange={setChoice}
            helpText={help}
          />
          {chosen ? (
            <Checkbox label={t("customers.tiers.grantEntry")} checked={grant} onChange={setGrant} />
          ) : null}
        </BlockStack>
      </Modal.Section>
    </Modal>
  );
}
