import type { GetShopsResponse } from "@laurel/contracts";
import { createContext, useContext } from "react";

/** What the started app knows, for the screens in app/routes (features get it as props). */
export interface ShellData extends GetShopsResponse {
  /** GET /shopify/checkSupportAppBlock; null when the check could not be made. */
  isThemeOS2: boolean | null;
}

export const ShellContext = createContext<ShellData | null>(null);

export function useShell(): ShellData {
  const shell = useContext(ShellContext);
  if (!shell) throw new Error("useShell must be used inside the started app shell");
  return shell;
}
