// Brands the page for the current title: document title "Min Side - " + name, favicon, brand
// theme, root style class and the language of the title (unless the reader chose one).
//
// The favicon lives on the title's own site. It is named once the first screen is shown and the
// page has loaded (lib/screenShown.ts `afterFirstScreen`, as the web fonts of a first visit):
// named in the page, a phone asked for it beside the scripts the screen waits for (Lighthouse's
// simulated phone does, and so do browsers that fetch icons at once), opening a connection to
// another host on a slow network. Chrome itself asks for an icon only after the page has loaded.
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

import { storedLanguage } from '../lib/i18n/i18n';
import { afterFirstScreen } from '../lib/screenShown';
import { applyBrand, applyFavicon } from '../lib/theme/brand';
import { selectTitle } from '../session/titleSlice';
import { useAppSelector } from '../store/hooks';

export function TitleEffects() {
  const { t, i18n } = useTranslation();
  const title = useAppSelector(selectTitle);
  useEffect(() => {
    if (!title) return;
    document.title = t('app.document-title', { name: title.name });
    applyBrand(document, title);
    const language = storedLanguage() ?? title.language;
    if (i18n.language !== language) void i18n.changeLanguage(language);
  }, [title, t, i18n]);
  const pageUrl = title?.pageUrl;
  useEffect(() => {
    if (!pageUrl) return;
    let current = true;
    afterFirstScreen(() => {
      if (current) applyFavicon(document, pageUrl);
    });
    return () => {
      current = false;
    };
  }, [pageUrl]);
  useEffect(() => {
    const onChange = (language: string) => {
      document.documentElement.lang = language;
    };
    onChange(i18n.language);
    i18n.on('languageChanged', onChange);
    return () => i18n.off('languageChanged', onChange);
  }, [i18n]);
  return null;
}
