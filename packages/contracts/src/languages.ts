import { z } from "zod";

/** The 8 admin (in-app) languages, A-18, X-57 ('uk' means English (UK), stored as en-GB). */
export const adminLanguages = [
  { code: "en-GB", name: "English (UK)", nativeName: "English (UK)", flag: "🇬🇧" },
  { code: "en-US", name: "English (US)", nativeName: "English (US)", flag: "🇺🇸" },
  { code: "fr", name: "French", nativeName: "Français", flag: "🇫🇷" },
  { code: "es", name: "Spanish", nativeName: "Español", flag: "🇪🇸" },
  { code: "de", name: "German", nativeName: "Deutsch", flag: "🇩🇪" },
  { code: "it", name: "Italian", nativeName: "Italiano", flag: "🇮🇹" },
  { code: "ja", name: "Japanese", nativeName: "日本語", flag: "🇯🇵" },
  { code: "id", name: "Indonesian", nativeName: "Bahasa Indonesia", flag: "🇮🇩" },
] as const;

export type AdminLanguageCode = (typeof adminLanguages)[number]["code"];
export const adminLanguageCodes = adminLanguages.map((l) => l.code) as [
  AdminLanguageCode,
  ...AdminLanguageCode[],
];
export const adminLanguageCodeSchema = z.enum(adminLanguageCodes);
export const DEFAULT_ADMIN_LANGUAGE: AdminLanguageCode = "en-US";
