import type { TierProgramView } from "@laurel/contracts";
import { Banner, Card, Page, type PageProps, SkeletonBodyText } from "@shopify/polaris";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { useTierProgram } from "../api/get-tier-program";

/**
 * The tier program's skeleton while it loads, its load error with a retry, then the editor: shared
 * by the tier editors, which all edit against the whole program.
 */
export function TierProgramGate({
  program,
  title,
  backAction,
  skeletonLines,
  children,
}: {
  program: ReturnType<typeof useTierProgram>;
  title: string;
  backAction: PageProps["backAction"];
  skeletonLines: number;
  children: (program: TierProgramView) => ReactNode;
}) {
  const { t } = useTranslation();
  if (program.isPending) {
    return (
      <Page title={title} backAction={backAction}>
        <Card>
          <SkeletonBodyText lines={skeletonLines} />
        </Card>
      </Page>
    );
  }
  if (program.isError) {
    return (
      <Page title={title} backAction={backAction}>
        <Banner
          tone="critical"
          title={t("membership.loadError")}
          action={{ content: t("membership.tryAgain"), onAction: () => void program.refetch() }}
        >
          <p>{program.error.message}</p>
        </Banner>
      </Page>
    );
  }
  return children(program.data);
}
