import { Toast } from "@shopify/polaris";
import { createContext, type ReactNode, useCallback, useContext, useMemo, useRef, useState } from "react";
import { type AppBridgeGlobal, appBridge, type HostMode } from "./app-bridge";

/**
 * DESIGN §6: the services a screen needs from its host, behind one adapter so screens do not care
 * whether they run inside the Shopify admin (App Bridge) or standalone (Polaris):
 * - `mode` and the admin token (see `lib/auth/token-source.ts`, chosen by the same detection);
 * - `toast`: App Bridge's toast when embedded, otherwise a Polaris `Toast` rendered by
 *   `<ToastOutlet/>` inside the current Polaris `Frame`.
 * Save bar, leave-page modal and navigation use Polaris + React Router in both modes
 * (`components/save-bar`, `components/leave-page-guard.tsx`).
 */
export interface ToastOptions {
  isError?: boolean;
}

export interface HostServices {
  mode: HostMode;
  toast: (message: string, options?: ToastOptions) => void;
}

interface QueuedToast {
  id: number;
  message: string;
  isError: boolean;
}

const HostContext = createContext<HostServices | null>(null);
const ToastQueueContext = createContext<{ items: QueuedToast[]; dismiss: (id: number) => void }>({
  items: [],
  dismiss: () => {},
});

/** toasts are on screen for a few seconds (the countdown ticks each second). */
export const TOAST_DURATION_MS = 5_000;

export function HostProvider({ children, bridge }: { children: ReactNode; bridge?: AppBridgeGlobal | null }) {
  const host = bridge === undefined ? appBridge() : bridge;
  const [items, setItems] = useState<QueuedToast[]>([]);
  const nextId = useRef(0);

  const toast = useCallback(
    (message: string, options: ToastOptions = {}) => {
      const isError = options.isError === true;
      if (host?.toast) {
        host.toast.show(message, { isError, duration: TOAST_DURATION_MS });
        return;
      }
      nextId.current += 1;
      const id = nextId.current;
      setItems((prev) => [...prev, { id, message, isError }]);
    },
    [host],
  );
  const dismiss = useCallback((id: number) => setItems((prev) => prev.filter((t) => t.id !== id)), []);

  const services = useMemo<HostServices>(
    () => ({ mode: host ? "embedded" : "standalone", toast }),
    [host, toast],
  );
  const queue = useMemo(() => ({ items, dismiss }), [items, dismiss]);

  return (
    <HostContext.Provider value={services}>
      <ToastQueueContext.Provider value={queue}>{children}</ToastQueueContext.Provider>
    </HostContext.Provider>
  );
}

export function useHost(): HostServices {
  const host = useContext(HostContext);
  if (!host) throw new Error("useHost must be used inside <HostProvider>");
  return host;
}

/** Shorthand for `useHost().toast`. */
export function useToast(): HostServices["toast"] {
  return useHost().toast;
}

/** Renders the standalone toasts; place it inside each Polaris `Frame`. */
export function ToastOutlet() {
  const { items, dismiss } = useContext(ToastQueueContext);
  return (
    <>
      {items.map((item) => (
        <Toast
          key={item.id}
          content={item.message}
          error={item.isError}
          duration={TOAST_DURATION_MS}
          onDismiss={() => dismiss(item.id)}
        />
      ))}
    </>
  );
}
