import { BlockStack, Button, Card, Text } from "@shopify/polaris";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../../lib/api/errors";
import { useToast } from "../../../lib/host/host";
import { useProgramSyncRun, useStartProgramSync } from "../api/program-syncs";

/**
 * C-27 (decision 0165): "Sync points" on the sign-up and newsletter editors: members who never
 * received the program's points get them (any time; a second run awards nothing new). The job's
 * answer is a toast: what it credited, or 'Failed to sync points'.
 */
export function AccountSyncCard({ kind }: { kind: "sign_up" | "newsletter" }) {
  const { t } = useTranslation();
  const toast = useToast();
  const start = useStartProgramSync();
  const [runId, setRunId] = useState<string | null>(null);
  const run = useProgramSyncRun(runId);
  const told = useRef<string | null>(null);
  const running =
    start.isPending ||
    (runId !== null && run.data?.status !== "done" && run.data?.status !== "failed" && !run.isError);

  useEffect(() => {
    const current = run.data;
    if (!current || told.current === current.id) return;
    if (current.status === "done") {
      told.current = current.id;
      toast(t("programs.sync.account.done", { count: current.credited, points: current.points }));
    } else if (current.status === "failed") {
      told.current = current.id;
      toast(t("programs.sync.failedToast"), { isError: true });
    }
  }, [run.data, toast, t]);
  useEffect(() => {
    if (run.isError) toast(t("programs.sync.failedToast"), { isError: true });
  }, [run.isError, toast, t]);

  const sync = () => {
    setRunId(null);
    start.mutate(
      { kind },
      {
        onSuccess: (started) => setRunId(started.id),
        // The server's words when it refuses (the program is off), else 'Failed to sync points'.
        onError: (error) =>
          toast(
            error instanceof ApiError && error.serverError
              ? error.serverError
              : t("programs.sync.failedToast"),
            {
              isError: true,
            },
          ),
      },
    );
  };

  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          {t("programs.sync.account.title")}
        </Text>
        <Text as="p" tone="subdued">
          {t(
            kind === "sign_up" ? "programs.sync.account.helpSignUp" : "programs.sync.account.helpNewsletter",
          )}
        </Text>
        <div>
          <Button loading={running} onClick={sync}>
            {t("programs.sync.account.run")}
          </Button>
        </div>
        {running && run.data && run.data.total > 0 ? (
          <Text as="p" tone="subdued">
            {t("programs.sync.account.progress", { processed: run.data.processed, total: run.data.total })}
          </Text>
        ) : null}
      </BlockStack>
    </Card>
  );
}
