import type { ProgramSummary } from "@laurel/contracts";
import {
  Badge,
  Banner,
  BlockStack,
  Box,
  Button,
  Card,
  EmptyState,
  Icon,
  InlineStack,
  ResourceItem,
  ResourceList,
  SkeletonBodyText,
  Text,
} from "@shopify/polaris";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { emptyStateImage } from "../../../components/illustrations";
import { StatusBadge } from "../../../components/status-badge";
import { useToast } from "../../../lib/host/host";
import { type ProgramListType, usePrograms } from "../api/get-programs";
import { useSetProgramStatus } from "../api/put-program-status";
import { pointsSummary } from "../utils/points-summary";
import { iconOf, type ProgramTab, tabOfProgram } from "../utils/program-events";

/** The title in the admin language when the merchant translated it (C-05, S-14). */
export function displayTitle(p: Pick<ProgramSummary, "title" | "translateTitle">, language: string): string {
  const short = language.split("-")[0] ?? language;
  return p.translateTitle[language] || p.translateTitle[short] || p.title;
}

/** C-04: a switched-on program shows on/off by its stored switch; dates make it scheduled or expired. */
export const isSwitchedOn = (status: ProgramSummary["status"]) =>
  status === "active" || status === "scheduled" || status === "expired";

function ProgramStatus({ status }: { status: ProgramSummary["status"] }) {
  const { t } = useTranslation();
  if (status === "editing") return <Badge tone="attention">{t("programs.list.editing")}</Badge>;
  return <StatusBadge status={status} />;
}

export interface ProgramListProps {
  tab: ProgramTab;
  currency: string;
  language: string;
  editHref: (program: ProgramSummary) => string;
  onAdd: () => void;
}

/**
 * One tab of the program list (C-05, C-06): each program with its icon, title, points in words,
 * status and on/off toggle; skeleton, empty state with a call to action, error with retry.
 */
export function ProgramList({ tab, currency, language, editHref, onAdd }: ProgramListProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const type: ProgramListType = tab === "redeem" ? "spending" : "earning";
  const list = usePrograms(type);
  const toggle = useSetProgramStatus(type);

  const setStatus = (p: ProgramSummary, on: boolean) => {
    toggle.mutate(
      { id: p.id, status: on ? "active" : "inactive" },
      {
        onSuccess: () => toast(t("programs.toast.statusUpdated")),
        onError: () => toast(t("programs.toast.statusFailed"), { isError: true }),
      },
    );
  };

  let content: ReactNode;
  if (list.isPending) {
    content = (
      <Box padding="400" data-testid="program-list-skeleton">
        <SkeletonBodyText lines={6} />
      </Box>
    );
  } else if (list.isError) {
    content = (
      <Box padding="400">
        <Banner
          tone="critical"
          title={t("programs.list.loadError")}
          action={{ content: t("programs.list.tryAgain"), onAction: () => void list.refetch() }}
        >
          <p>{list.error.message}</p>
        </Banner>
      </Box>
    );
  } else {
    const programs = list.data.filter((p) => tabOfProgram(p) === tab);
    content = (
      <ResourceList
        resourceName={{ singular: t("programs.list.program"), plural: t("programs.list.programs") }}
        items={programs}
        emptyState={
          <EmptyState
            heading={t(`programs.list.empty.${tab}.title`)}
            action={{ content: t("programs.list.add"), onAction: onAdd }}
            image={emptyStateImage}
          >
            <p>{t(`programs.list.empty.${tab}.body`)}</p>
          </EmptyState>
        }
        renderItem={(p) => {
          const title = displayTitle(p, language);
          const on = isSwitchedOn(p.status);
          const summary = pointsSummary(p, t, currency, language);
          return (
            <ResourceItem
              id={p.id}
              url={editHref(p)}
              accessibilityLabel={t("programs.list.edit", { title })}
              media={<Icon source={iconOf(p.event)} tone="base" />}
            >
              <InlineStack align="space-between" blockAlign="center" gap="400" wrap={false}>
                <BlockStack gap="100">
                  <InlineStack gap="200" blockAlign="center">
                    <Text as="h3" variant="bodyMd" fontWeight="semibold">
                      {title}
                    </Text>
                    <ProgramStatus status={p.status} />
                  </InlineStack>
                  {summary ? (
                    <Text as="p" tone="subdued">
                      {summary}
                    </Text>
                  ) : null}
                  {p.settingsProblem ? (
                    <Text as="p" tone="critical">
                      {t("programs.list.settingsProblem", { problem: p.settingsProblem })}
                    </Text>
                  ) : null}
                </BlockStack>
                {/* The toggle must not open the row's editor. */}
                {/* biome-ignore lint/a11y/noStaticElementInteractions: stops the row's click only */}
                {/* biome-ignore lint/a11y/useKeyWithClickEvents: the button inside handles keys */}
                <div onClick={(e) => e.stopPropagation()}>
                  <Button
                    pressed={on}
                    onClick={() => setStatus(p, !on)}
                    accessibilityLabel={
                      on
                        ? t("programs.list.turnOffLabel", { title })
                        : t("programs.list.turnOnLabel", { title })
                    }
                  >
                    {on ? t("programs.list.on") : t("programs.list.off")}
                  </Button>
                </div>
              </InlineStack>
            </ResourceItem>
          );
        }}
      />
    );
  }

  return <Card padding="0">{content}</Card>;
}
