// i18next with the catalogues in locales/{nb,nn}/<namespace>.json, each namespace its own chunk
// loaded when a screen needs it. The language comes from the title's configuration (nb default).
import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';

export const languages = ['nb', 'nn'] as const;
export type Language = (typeof languages)[number];
export const DEFAULT_LANGUAGE: Language = 'nb';

export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (languages as readonly string[]).includes(value);

const LANGUAGE_KEY = 'minside.language';

/** The language the reader chose with the switch, remembered on this device. */
export function storedLanguage(
  storage: Pick<Storage, 'getItem'> = window.localStorage,
): Language | null {
  try {
    const value = storage.getItem(LANGUAGE_KEY);
    return isLanguage(value) ? value : null;
  } catch {
    return null;
  }
}

export function rememberLanguage(
  language: Language,
  storage: Pick<Storage, 'setItem'> = window.localStorage,
) {
  try {
    storage.setItem(LANGUAGE_KEY, language);
  } catch {
    // Storage may be blocked; the choice then lasts for this page only.
  }
}

const lazyCatalogues = {
  type: 'backend' as const,
  init() {},
  read(language: string, namespace: string, done: (error: unknown, data?: unknown) => void) {
    import(
      /* webpackChunkName: "locale-[request]" */ `../../../locales/${language}/${namespace}.json`,
      { with: { type: 'json' } }
    ).then(
      (module: { default: unknown }) => done(null, module.default),
      (error: unknown) => done(error),
    );
  },
};

export async function createI18n(
  language: Language = DEFAULT_LANGUAGE,
  namespaces: readonly string[] = ['common'],
): Promise<I18n> {
  const instance = i18next.createInstance();
  await instance
    .use(lazyCatalogues)
    .use(initReactI18next)
    .init({
      lng: language,
      fallbackLng: false,
      supportedLngs: [...languages],
      ns: [...namespaces],
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      react: { useSuspense: true },
      returnNull: false,
    });
  return instance;
}
