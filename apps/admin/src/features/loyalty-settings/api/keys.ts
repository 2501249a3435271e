/** The shop's loyalty settings (M-02 … M-06): one query-key factory for the resource (DESIGN §6). */
export const loyaltySettingsKeys = {
  all: ["loyalty-settings"] as const,
};
