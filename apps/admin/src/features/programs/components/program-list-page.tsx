import type { ProgramKind, ProgramSummary } from "@laurel/contracts";
import { BlockStack, Card, Page, Tabs } from "@shopify/polaris";
import { useTranslation } from "react-i18next";
import { type ProgramTab, programTabs } from "../utils/program-events";
import { AddProgramModal } from "./add-program-modal";
import { ProgramList } from "./program-list";
import { ProgramNamesModal } from "./program-names-modal";

/** The dashboard-style tabs that lead to other areas (C-05). */
const areaTabs: readonly { id: string; path: string; label?: string }[] = [
  { id: "pointExpiration", path: "/settings#settings-point-expiry" },
  { id: "referrals", path: "/programs/referral" },
  { id: "vipTiers", path: "/membership/vip" },
  // Issue 15 part 2: the review queues and the growth rewards page.
  { id: "reviews", path: "/customers/activity/review", label: "earnEvents.tabs.reviews" },
  {
    id: "googleReviews",
    path: "/customers/programs/google-maps-review",
    label: "earnEvents.tabs.googleReviews",
  },
  { id: "growthRewards", path: "/programs/growth-rewards", label: "earnEvents.tabs.growthRewards" },
];

export interface ProgramListPageProps {
  tab: ProgramTab;
  currency: string;
  language: string;
  addOpen: boolean;
  onTab: (tab: ProgramTab) => void;
  onOpenArea: (path: string) => void;
  onAddOpen: (open: boolean) => void;
  /** S-14: the program-name translations dialog (`?names=1`). */
  namesOpen: boolean;
  onNamesOpen: (open: boolean) => void;
  onChooseKind: (kind: ProgramKind) => void;
  editHref: (program: ProgramSummary) => string;
  /** The "why did this order earn?" lookup. */
  explainHref: string;
}

/** `/programs` (C-05 … C-08): the tabs, the tab's programs and "Add program". */
export function ProgramListPage(props: ProgramListPageProps) {
  const { t } = useTranslation();
  const tabs = [
    ...programTabs.map((id) => ({ id, content: t(`programs.tabs.${id}`) })),
    ...areaTabs.map((a) => ({ id: a.id, content: t(a.label ?? `programs.tabs.${a.id}`) })),
  ];
  const onSelect = (index: number) => {
    const own = programTabs[index];
    if (own) props.onTab(own);
    else {
      const area = areaTabs[index - programTabs.length];
      if (area) props.onOpenArea(area.path);
    }
  };
  return (
    <Page
      title={t("programs.title")}
      subtitle={t("programs.subtitle")}
      primaryAction={{ content: t("programs.list.add"), onAction: () => props.onAddOpen(true) }}
      secondaryActions={[
        { content: t("programs.names.open"), onAction: () => props.onNamesOpen(true) },
        { content: t("programs.explain.open"), url: props.explainHref },
      ]}
    >
      <BlockStack gap="400">
        <Card padding="0">
          <Tabs tabs={tabs} selected={programTabs.indexOf(props.tab)} onSelect={onSelect} />
        </Card>
        <ProgramList
          tab={props.tab}
          currency={props.currency}
          language={props.language}
          editHref={props.editHref}
          onAdd={() => props.onAddOpen(true)}
        />
      </BlockStack>
      {props.namesOpen ? <ProgramNamesModal open onClose={() => props.onNamesOpen(false)} /> : null}
      <AddProgramModal
        open={props.addOpen}
        onClose={() => props.onAddOpen(false)}
        onChoose={props.onChooseKind}
      />
    </Page>
  );
}
