// Brands the page for the current title: document title "Min Side - " + name, favicon, brand
// theme, root style class and the language of the title (unless the reader chose one).
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

import { storedLanguage } from '../lib/i18n/i18n';
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
    applyFavicon(document, title.pageUrl);
    const language = storedLanguage() ?? title.language;
    if (i18n.language !== language) void i18n.changeLanguage(language);
  }, [title, t, i18n]);
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
