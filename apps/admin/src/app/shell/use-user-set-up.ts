import type { GetShopsResponse } from "@laurel/contracts";
import { useEffect, useRef, useState } from "react";
import { useChatSupport } from "../../lib/chat-support";
import { applyLanguage, resolveStartLanguage } from "../../lib/i18n/i18n";
import { storage } from "../../lib/storage";

/**
 * A-10 "set up the user": identify the merchant to the support chat, and apply the admin language
 * the shop's `primaryLanguageInApp` wins, else the remembered one, else en-US) before the
 * app is revealed, so it never flashes in the wrong language. Returns true when done.
 */
export function useUserSetUp(data: GetShopsResponse): boolean {
  const chat = useChatSupport();
  const [ready, setReady] = useState(false);
  const languageAppliedFor = useRef<string | null>(null);
  const { shop, session } = data;

  useEffect(() => {
    chat.identify({
      shopDomain: shop.shopifyDomain,
      shopName: shop.name,
      email: session.userEmail ?? shop.email,
    });
  }, [chat, shop.shopifyDomain, shop.name, shop.email, session.userEmail]);

  const shopLanguage = shop.settings?.primaryLanguageInApp;
  useEffect(() => {
    if (languageAppliedFor.current === shop.id) return;
    languageAppliedFor.current = shop.id;
    applyLanguage(resolveStartLanguage(shopLanguage, storage.getLanguage()))
      .catch((error: unknown) => console.warn("Could not load the admin language", error))
      .finally(() => setReady(true));
  }, [shop.id, shopLanguage]);

  return ready;
}
