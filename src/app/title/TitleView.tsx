// Shows the title this page belongs to: origin → title code → title, both through the API.
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

import { useGetTitleQuery, useRetrieveTitleCodeQuery } from '../api/title';
import { isLanguage } from '../i18n/i18n';

type Props = { readonly origin: string };

export function TitleView({ origin }: Props) {
  const { t, i18n } = useTranslation();
  const code = useRetrieveTitleCodeQuery({
    retrieveTitleCodeRequest: { minsideUrl: `${origin}/` },
  });
  const titleCode = code.data?.titleCode;
  const title = useGetTitleQuery({ titleCode: titleCode ?? '' }, { skip: !titleCode });
  const name = title.data?.name;
  const language = title.data?.language;

  useEffect(() => {
    if (name) document.title = t('app.document-title', { name });
  }, [name, t]);
  useEffect(() => {
    if (isLanguage(language) && i18n.language !== language) {
      void i18n.changeLanguage(language);
      document.documentElement.lang = language;
    }
  }, [language, i18n]);

  if (code.isError || title.isError) {
    return (
      <div role="alert">
        <p>{t('app.title-error')}</p>
        <button
          type="button"
          onClick={() => {
            void code.refetch();
            if (titleCode) void title.refetch();
          }}
        >
          {t('app.retry')}
        </button>
      </div>
    );
  }
  if (!name) return <p role="status">{t('app.loading')}</p>;
  return <h1>{t('app.title-heading', { name })}</h1>;
}
