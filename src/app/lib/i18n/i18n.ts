// i18next with the catalogues in locales/{nb,nn}/<namespace>.json, each namespace its own chunk
// loaded when a screen needs it. The language comes from the title's configuration (nb default).
// `common` holds what the shell (header, footer, spinner, errors, consent) shows on every page;
// each screen's texts are in the namespace named after its feature (features/home → `home`),
// which the screen asks for with useTranslation('home') and which suspends until it is loaded.
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
      /* webpackChunkName: "locale-[request]" */ `../../../../locales/${language}/${namespace}.json`,
      { with: { type: 'json' } }
    ).then(
      (module: { default: unknown }) => done(null, module.default),
      (error: unknown) => done(error),
    );
  },
};

/**
 * Requests the namespaces not yet loaded in the current language, e.g. alongside a route's
 * screen chunk so the screen's texts do not wait for the chunk to ask for them. A namespace
 * already loading is not read twice (useTranslation then waits on the same request), and once
 * all are loaded this is a no-op. Never rejects: a failed load shows where the texts are used.
 */
export function loadNamespaces(i18n: I18n, namespaces: readonly string[] = []): Promise<void> {
  const missing = namespaces.filter((namespace) => !i18n.hasLoadedNamespace(namespace));
  return missing.length > 0 ? i18n.loadNamespaces(missing) : Promise.resolve();
}

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
      // Request the catalogues now, not a task later: alongside the screen's chunk.
      initAsync: false,
    });
  return instance;
}
