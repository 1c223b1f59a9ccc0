// The application root: layout around the routes.
import { BrowserRouter } from 'react-router';

import { Layout } from './layout/Layout';
import { TitleEffects } from './layout/TitleEffects';
import { AppRoutes } from './routing/AppRoutes';

export function App() {
  return (
    <BrowserRouter>
      <TitleEffects />
      <Layout>
        <AppRoutes />
      </Layout>
    </BrowserRouter>
  );
}
