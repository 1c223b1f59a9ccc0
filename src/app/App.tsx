// The application root: layout around the routes.
import { BrowserRouter } from 'react-router';

import { Layout } from './layout/Layout';
import { AppRoutes } from './routing/AppRoutes';
import { TitleEffects } from './session/TitleEffects';

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
