import { Modal, Text, TextField } from "@shopify/polaris";
import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { browser } from "./browser";
import { config } from "./config";

/**
 * The support chat adapter (A-13, A-15). The spec embeds a third-party chat widget; Laurel has no
 * chat service, so "Contact us" opens a Polaris modal holding the prefilled message, editable,
 * and "Send by e-mail" hands it to the merchant's mail client (`mailto:` the support address,
 * with the shop identified by `identify`). Swapping in a real chat widget means replacing this file.
 */
export interface ChatUser {
  shopDomain: string;
  shopName: string;
  email: string | null;
}

export interface ChatSupport {
  open: (prefill?: string) => void;
  identify: (user: ChatUser | null) => void;
}

const ChatSupportContext = createContext<ChatSupport | null>(null);

export function mailtoHref(to: string, subject: string, body: string): string {
  return `mailto:${to}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}

export function ChatSupportProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [message, setMessage] = useState("");
  const [user, setUser] = useState<ChatUser | null>(null);

  const api = useMemo<ChatSupport>(
    () => ({
      open: (prefill = "") => {
        setMessage(prefill);
        setOpen(true);
      },
      identify: setUser,
    }),
    [],
  );

  const close = useCallback(() => setOpen(false), []);
  const send = useCallback(() => {
    const subject = user ? t("chat.subjectWithShop", { shop: user.shopDomain }) : t("chat.subject");
    const signature = user
      ? `\n\n--\n${user.shopName} (${user.shopDomain})${user.email ? `\n${user.email}` : ""}`
      : "";
    browser.open(mailtoHref(config.supportEmail, subject, `${message}${signature}`));
    setOpen(false);
  }, [message, t, user]);

  return (
    <ChatSupportContext.Provider value={api}>
      {children}
      <Modal
        open={open}
        onClose={close}
        title={t("chat.title")}
        primaryAction={{ content: t("chat.send"), onAction: send, disabled: message.trim() === "" }}
        secondaryActions={[{ content: t("common.cancel"), onAction: close }]}
      >
        <Modal.Section>
          <Text as="p" variant="bodyMd">
            {t("chat.intro", { email: config.supportEmail })}
          </Text>
          <div style={{ marginTop: "var(--p-space-300)" }}>
            <TextField
              label={t("chat.messageLabel")}
              value={message}
              onChange={setMessage}
              multiline={4}
              autoComplete="off"
            />
          </div>
        </Modal.Section>
      </Modal>
    </ChatSupportContext.Provider>
  );
}

export function useChatSupport(): ChatSupport {
  const chat = useContext(ChatSupportContext);
  if (!chat) throw new Error("useChatSupport must be used inside <ChatSupportProvider>");
  return chat;
}
