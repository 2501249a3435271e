import type { Shop } from "@laurel/contracts";
import { useEffect, useRef } from "react";
import { postShop } from "../api/post-shop";
import { dueBookkeeping } from "../utils/bookkeeping";

/**
 * once per loaded shop, send the due bookkeeping updates. They are invisible to the
 * merchant, so a failure is only logged (and tried again at the next start).
 */
export function useShopBookkeeping(
  shop: Pick<Shop, "id" | "isFirstLogin" | "accessAppAt">,
  now = () => new Date(),
): void {
  const doneFor = useRef<string | null>(null);
  useEffect(() => {
    if (doneFor.current === shop.id) return;
    doneFor.current = shop.id;
    for (const body of dueBookkeeping(shop, now())) {
      postShop(body).catch((error: unknown) => console.warn("Shop bookkeeping failed", body, error));
    }
  }, [shop, now]);
}
