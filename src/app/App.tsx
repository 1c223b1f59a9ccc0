// The application root at this stage: resolves the title from the page origin through the API
// and shows its name. The shell (header, routes, footer) builds on it.
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';

const TitleView = lazy(() => import('./title/TitleView').then((m) => ({ default: m.TitleView })));

export function App() {
  const { t } = useTranslation();
  return (
    <main id="main">
      <Suspense fallback={<p role="status">{t('app.loading')}</p>}>
        <TitleView origin={window.location.origin} />
      </Suspense>
    </main>
  );
}
