import { Banner, Card, EmptyState, Page } from "@shopify/polaris";
import { useTranslation } from "react-i18next";
import { useNavigate, useParams, useSearchParams } from "react-router";
import { emptyStateImage } from "../../../components/illustrations";
import { ScreenSkeleton } from "../../../components/skeletons";
import {
  hasEditor,
  OrderExplanationView,
  ProgramEditor,
  ProgramListPage,
  type ProgramTab,
  programTypeOf,
  tabOf,
  tabOfProgram,
  usePrograms,
} from "../../../features/programs";
import { useAppPaths } from "../../../lib/routing";
import { useShell } from "../../shell/shell-context";

/** the plans with the rule engine (Advanced and above). */
const RULE_ENGINE_PLANS: readonly string[] = ["advanced", "advanced_2025", "enterprise", "enterprise_2025"];

/**
 * /programs and its editors (C-05 … C-08): the list by `?type=` (the URL owns the tab and the open
 * "Add program" dialog), `/programs/:event/new` to create, `/programs/point/:id` and
 * `/programs/edit-settings/:id` to edit; `/programs/point?q=` answers why an order earned (issue 14).
 */
export default function ProgramsScreen() {
  const { i18n } = useTranslation();
  const shell = useShell();
  const params = useParams();
  const navigate = useNavigate();
  const { href, path } = useAppPaths();
  const [search, setSearch] = useSearchParams();
  const currency = shell.shopInfo.currency;
  const language = i18n.language;
  const ruleEngineAllowed = RULE_ENGINE_PLANS.includes(shell.shop.plan);
  const listHref = (tab: ProgramTab) => href(tab === "earning" ? "/programs" : `/programs?type=${tab}`);

  if (params.id) {
    return (
      <EditProgram
        id={params.id}
        currency={currency}
        language={language}
        ruleEngineAllowed={ruleEngineAllowed}
        listHref={listHref}
      />
    );
  }
  if (path === "/programs/point") {
    const q = search.get("q") ?? "";
    return (
      <OrderExplanationView
        key={q}
        query={q}
        language={language}
        backHref={listHref("earning")}
        onSearch={(next) => setSearch(next ? { q: next } : {})}
      />
    );
  }
  if (params.event) {
    const event = params.event;
    if (!hasEditor(event)) return <ProgramMissing listHref={listHref("earning")} />;
    return (
      <ProgramEditor
        key={event}
        event={event}
        program={null}
        currency={currency}
        language={language}
        ruleEngineAllowed={ruleEngineAllowed}
        backHref={listHref(tabOfProgram({ type: programTypeOf(event), event }))}
        onCreated={(p) => navigate(href(`/programs/point/${p.id}`), { replace: true })}
      />
    );
  }

  const tab = tabOf(search.get("type"));
  const update = (patch: Record<string, string | null>) =>
    setSearch((prev) => {
      const next = new URLSearchParams(prev);
      for (const [k, v] of Object.entries(patch)) {
        if (v === null) next.delete(k);
        else next.set(k, v);
      }
      return next;
    });
  return (
    <ProgramListPage
      tab={tab}
      currency={currency}
      language={language}
      addOpen={search.get("add") === "1"}
      onTab={(next) => update({ type: next === "earning" ? null : next })}
      onOpenArea={(path) => navigate(href(path))}
      onAddOpen={(open) => update({ add: open ? "1" : null })}
      namesOpen={search.get("names") === "1"}
      onNamesOpen={(open) => update({ names: open ? "1" : null })}
      onChooseKind={(kind) => navigate(href(`/programs/${kind.event}/new`))}
      editHref={(p) => href(`/programs/point/${p.id}`)}
      explainHref={href("/programs/point")}
    />
  );
}

function EditProgram(props: {
  id: string;
  currency: string;
  language: string;
  ruleEngineAllowed: boolean;
  listHref: (tab: ProgramTab) => string;
}) {
  const { t } = useTranslation();
  const earning = usePrograms("earning");
  const spending = usePrograms("spending");
  if (earning.isPending || spending.isPending) return <ScreenSkeleton />;
  if (earning.isError || spending.isError) {
    return (
      <Page
        title={t("programs.title")}
        backAction={{ content: t("programs.title"), url: props.listHref("earning") }}
      >
        <Banner
          tone="critical"
          title={t("programs.list.loadError")}
          action={{
            content: t("programs.list.tryAgain"),
            onAction: () => {
              void earning.refetch();
              void spending.refetch();
            },
          }}
        />
      </Page>
    );
  }
  const program = [...earning.data, ...spending.data].find((p) => p.id === props.id);
  if (!program || !hasEditor(program.event)) return <ProgramMissing listHref={props.listHref("earning")} />;
  return (
    <ProgramEditor
      key={program.id}
      event={program.event}
      program={program}
      currency={props.currency}
      language={props.language}
      ruleEngineAllowed={props.ruleEngineAllowed}
      backHref={props.listHref(tabOfProgram(program))}
      onCreated={() => undefined}
    />
  );
}

/** An editor path for a program that does not exist (deleted, another shop's) or a kind without an editor. */
function ProgramMissing({ listHref }: { listHref: string }) {
  const { t } = useTranslation();
  return (
    <Page title={t("programs.title")} backAction={{ content: t("programs.title"), url: listHref }}>
      <Card>
        <EmptyState
          heading={t("programs.missing.title")}
          action={{ content: t("programs.missing.back"), url: listHref }}
          image={emptyStateImage}
        >
          <p>{t("programs.missing.body")}</p>
        </EmptyState>
      </Card>
    </Page>
  );
}
