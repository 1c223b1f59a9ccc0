// Bokmål or nynorsk: switches the catalogues at once and remembers the choice on this device
// (the title's own language applies until the reader chooses).
import type { HTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';

import { type Language, languages, rememberLanguage } from '../lib/i18n/i18n';

type Props = HTMLAttributes<HTMLDivElement>;

export function LanguageSwitch({ className, ...rest }: Props) {
  const { t, i18n } = useTranslation();
  const choose = (language: Language) => {
    rememberLanguage(language);
    if (i18n.language !== language) void i18n.changeLanguage(language);
  };
  return (
    <div
      role="group"
      aria-label={t('language.label')}
      className={['language-switch', className].filter(Boolean).join(' ')}
      {...rest}
    >
      {languages.map((language) => {
        const current = i18n.language === language;
        return (
          <button
            key={language}
            type="button"
            className="ds-button"
            data-size="sm"
            data-variant={current ? 'primary' : 'tertiary'}
            lang={language}
            aria-pressed={current}
            onClick={() => choose(language)}
          >
            {t(`language.${language}`)}
          </button>
        );
      })}
    </div>
  );
}
