import i18n from "i18next";
import { initReactI18next } from "react-i18next";

export const LANGUAGES = ["pt", "en", "es"] as const;
export type Language = (typeof LANGUAGES)[number];
export const FALLBACK_LANGUAGE: Language = "es";
const STORAGE_KEY = "i18nextLng";

/** One chunk per locale, so a visitor downloads only the language they use. */
const loaders: Record<Language, () => Promise<{ default: Record<string, unknown> }>> = {
  pt: () => import("./locales/pt.json"),
  en: () => import("./locales/en.json"),
  es: () => import("./locales/es.json"),
};

export const isLanguage = (v: unknown): v is Language => typeof v === "string" && (LANGUAGES as readonly string[]).includes(v);

/** The remembered choice, else the browser's languages, else Spanish (the spec's fallback). */
export function detectLanguage(): Language {
  const stored = localStorage.getItem(STORAGE_KEY);
  if (isLanguage(stored)) return stored;
  for (const l of navigator.languages ?? [navigator.language]) {
    const base = l?.slice(0, 2).toLowerCase();
    if (isLanguage(base)) return base;
  }
  return FALLBACK_LANGUAGE;
}

async function ensureBundle(lng: Language) {
  if (i18n.hasResourceBundle(lng, "translation")) return;
  const mod = await loaders[lng]();
  i18n.addResourceBundle(lng, "translation", mod.default, true, true);
}

export async function initI18n(): Promise<typeof i18n> {
  const lng = detectLanguage();
  const mod = await loaders[lng]();
  await i18n.use(initReactI18next).init({
    lng,
    fallbackLng: FALLBACK_LANGUAGE,
    resources: { [lng]: { translation: mod.default } },
    partialBundledLanguages: true,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  document.documentElement.lang = lng;
  return i18n;
}

export async function changeLanguage(lng: Language) {
  await ensureBundle(lng);
  await i18n.changeLanguage(lng);
  localStorage.setItem(STORAGE_KEY, lng);
  document.documentElement.lang = lng;
}

export { i18n };
