import { useEffect, useState } from "react";
import { useNavigate } from "react-router";
import { SetupWizard } from "../../../features/setup";
import { usePutShop } from "../../../features/shop";
import { useAppPaths } from "../../../lib/routing";
import { useEditToast } from "../../../lib/toast-helpers";
import { useShell } from "../../shell/shell-context";

/**
 * /set-up. Until `setupDone`, the shell shows only this page; 'Finish setup' saves
 * `PUT /shop {setupDone: true, isDismissQuickSetup: true}` — the guide is done, so the dashboard's
 * card pointing back to it goes too — and opens the app. Afterwards it stays reachable in the
 * frame, with each step linking to where it is configured.
 */
export default function SetUpScreen() {
  const { shop } = useShell();
  const { href } = useAppPaths();
  const navigate = useNavigate();
  const putShop = usePutShop();
  const runEdit = useEditToast();

  const [finished, setFinished] = useState(false);

  const finish = async () => {
    const result = await runEdit(() => putShop.mutateAsync({ setupDone: true, isDismissQuickSetup: true }));
    if (result.ok) setFinished(true);
  };

  // Open the app once the shell has seen `setupDone` (before that, its gate would send us back).
  useEffect(() => {
    if (finished && shop.setupDone) void navigate(href("/"), { replace: true });
  }, [finished, shop.setupDone, navigate, href]);

  return (
    <SetupWizard
      links={
        shop.setupDone
          ? {
              earning: href("/programs?type=earning"),
              redeem: href("/programs?type=redeem"),
              widget: href("/storefront"),
            }
          : null
      }
      finishing={putShop.isPending}
      onFinish={() => void finish()}
    />
  );
}
