import type { ProgramKind } from "@laurel/contracts";
import {
  Badge,
  Banner,
  BlockStack,
  Box,
  Button,
  Icon,
  InlineStack,
  Modal,
  SkeletonBodyText,
  Text,
} from "@shopify/polaris";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useProgramKinds } from "../api/get-program-kinds";
import { iconOf } from "../utils/program-events";

/** B-07: the names of plan tiers are product names, never translated. */
const planNames: Record<NonNullable<ProgramKind["minimumPlan"]>, string> = {
  starter: "Starter",
  essential: "Essential",
  essential_pos: "Essential + POS",
  advanced: "Advanced",
  ultimate: "Ultimate",
};

export interface AddProgramModalProps {
  open: boolean;
  onClose: () => void;
  onChoose: (kind: ProgramKind) => void;
}

/**
 * "Add program" (C-07, C-08, R): every kind with its plan badge; a kind the plan locks says which
 * plan unlocks it (no billing yet, so it says so instead of opening the pricing dialog), and the
 * add rules of C-07 say why a kind cannot be added now.
 */
export function AddProgramModal({ open, onClose, onChoose }: AddProgramModalProps) {
  const { t } = useTranslation();
  const kinds = useProgramKinds(open);
  const [planNotice, setPlanNotice] = useState<string | null>(null);

  const row = (kind: ProgramKind) => {
    const name = t(`programs.kinds.${kind.event}`);
    const plan = kind.minimumPlan ? planNames[kind.minimumPlan] : null;
    let action: React.ReactNode;
    if (kind.block === null) {
      action = (
        <Button onClick={() => onChoose(kind)} accessibilityLabel={t("programs.add.addLabel", { name })}>
          {t("programs.add.add")}
        </Button>
      );
    } else if (kind.block === "plan" && plan) {
      action = (
        <Button variant="plain" onClick={() => setPlanNotice(plan)}>
          {t("programs.add.availableInPlan", { plan })}
        </Button>
      );
    } else {
      action = (
        <Text as="span" tone="subdued">
          {t(`programs.add.block.${kind.block}`)}
        </Text>
      );
    }
    return (
      <Box key={kind.event} paddingBlock="200">
        <InlineStack align="space-between" blockAlign="center" gap="300" wrap={false}>
          <InlineStack gap="300" blockAlign="center" wrap={false}>
            <span>
              <Icon source={iconOf(kind.event)} tone="base" />
            </span>
            <Text as="span">{name}</Text>
            {plan ? <Badge tone={kind.block === "plan" ? "attention" : "info"}>{plan}</Badge> : null}
          </InlineStack>
          {action}
        </InlineStack>
      </Box>
    );
  };

  const section = (family: ProgramKind["family"]) => {
    const items = (kinds.data ?? []).filter((k) => k.family === family);
    return (
      <BlockStack gap="100">
        <Text as="h3" variant="headingSm">
          {t(`programs.tabs.${family}`)}
        </Text>
        {items.map(row)}
      </BlockStack>
    );
  };

  return (
    <Modal open={open} onClose={onClose} title={t("programs.add.title")}>
      <Modal.Section>
        {planNotice ? (
          <Box paddingBlockEnd="300">
            <Banner tone="info" onDismiss={() => setPlanNotice(null)}>
              <p>{t("programs.add.planNotice", { plan: planNotice })}</p>
            </Banner>
          </Box>
        ) : null}
        {kinds.isPending ? (
          <SkeletonBodyText lines={8} />
        ) : kinds.isError ? (
          <Banner
            tone="critical"
            title={t("programs.list.loadError")}
            action={{ content: t("programs.list.tryAgain"), onAction: () => void kinds.refetch() }}
          />
        ) : (
          <BlockStack gap="400">
            {section("earning")}
            {section("milestone")}
            {section("redeem")}
          </BlockStack>
        )}
      </Modal.Section>
    </Modal>
  );
}
