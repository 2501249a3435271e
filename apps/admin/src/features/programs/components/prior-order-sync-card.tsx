import {
  Banner,
  BlockStack,
  Button,
  Card,
  InlineStack,
  ProgressBar,
  Text,
  TextField,
} from "@shopify/polaris";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../../lib/api/errors";
import {
  syncFinished,
  usePriorOrderSyncState,
  useProgramSyncRun,
  useStartProgramSync,
} from "../api/program-syncs";

/**
 * C-27, X-47 (decision 0165): past orders since a day the merchant picks (at most 12 months back)
 * earn their place order points, once. A confirm step first (it runs once only), the progress while
 * the job runs, then what it credited and the locked state.
 */
export function PriorOrderSyncCard() {
  const { t } = useTranslation();
  const state = usePriorOrderSyncState();
  const start = useStartProgramSync();
  const [since, setSince] = useState("");
  const [confirming, setConfirming] = useState(false);
  const [runId, setRunId] = useState<string | null>(null);
  const polled = useProgramSyncRun(runId);
  const run = polled.data ?? state.data?.run ?? null;
  const running = start.isPending || (run !== null && !syncFinished(run));
  const error = start.error ?? polled.error;
  const fieldError =
    error instanceof ApiError ? error.errors.find((e) => e.field === "since")?.message : undefined;
  const failure =
    run?.status === "failed"
      ? run.error
      : error instanceof ApiError && !fieldError
        ? error.serverError
        : (error?.message ?? null);
  const bounds = state.data;
  // A run that is queued, running or done holds the once-only lock (the picker goes), until
  // support lifts it (decision 0172).
  const locked =
    bounds?.locked === true || (run !== null && run.status !== "failed" && run.unlockedAt === null);
  const inWindow = bounds !== undefined && since >= bounds.earliestSince && since <= bounds.latestSince;

  const confirm = () => {
    setConfirming(false);
    start.mutate({ kind: "prior_order", since }, { onSuccess: (started) => setRunId(started.id) });
  };

  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          {t("programs.sync.prior.title")}
        </Text>
        <Text as="p" tone="subdued">
          {t("programs.sync.prior.help")}
        </Text>
        {run?.status === "done" ? (
          <div data-testid="prior-sync-locked">
            <Banner tone="info" title={t("programs.sync.prior.lockedTitle")}>
              <BlockStack gap="100">
                <p>
                  {t("programs.sync.prior.result", {
                    orders: run.credited,
                    points: run.points,
                    since: run.since,
                  })}
                </p>
                <p>
                  {run.unlockedAt === null
                    ? t("programs.sync.prior.locked")
                    : t("programs.sync.prior.unlocked")}
                </p>
              </BlockStack>
            </Banner>
          </div>
        ) : null}
        {locked ? null : (
          <>
            <InlineStack gap="200" blockAlign="end">
              <TextField
                label={t("programs.sync.prior.since")}
                helpText={
                  bounds
                    ? t("programs.sync.prior.sinceHelp", {
                        earliest: bounds.earliestSince,
                        latest: bounds.latestSince,
                      })
                    : undefined
                }
                type="date"
                min={bounds?.earliestSince}
                max={bounds?.latestSince}
                value={since}
                onChange={(v) => {
                  setSince(v);
                  start.reset();
                }}
                error={fieldError}
                autoComplete="off"
                disabled={running}
              />
              <Button disabled={!inWindow || running} loading={running} onClick={() => setConfirming(true)}>
                {t("programs.sync.prior.run")}
              </Button>
            </InlineStack>
            {confirming ? (
              <div data-testid="prior-sync-confirm">
                <Banner tone="warning" title={t("programs.sync.prior.confirmTitle")}>
                  <BlockStack gap="200">
                    <p>{t("programs.sync.prior.confirmBody", { since })}</p>
                    <InlineStack gap="200">
                      <Button variant="primary" onClick={confirm}>
                        {t("programs.sync.prior.confirm")}
                      </Button>
                      <Button onClick={() => setConfirming(false)}>{t("programs.sync.cancel")}</Button>
                    </InlineStack>
                  </BlockStack>
                </Banner>
              </div>
            ) : null}
          </>
        )}
        {running && run ? (
          <div data-testid="prior-sync-progress">
            <BlockStack gap="100">
              <Text as="p" tone="subdued">
                {run.total > 0
                  ? t("programs.sync.prior.progress", { processed: run.processed, total: run.total })
                  : t("programs.sync.queued")}
              </Text>
              <ProgressBar
                progress={run.total > 0 ? Math.round((100 * run.processed) / run.total) : 0}
                size="small"
              />
            </BlockStack>
          </div>
        ) : null}
        {failure ? (
          <Banner tone="critical" title={t("programs.sync.failed")}>
            <p>{failure}</p>
          </Banner>
        ) : null}
      </BlockStack>
    </Card>
  );
}
