// Whether a Min Side path has a screen: routing provides the answer from its registered routes
// (a screen not built yet has no route), so a page that links to another — the legal texts —
// can make a link only of what works. Without a provider every path counts as a page.
import { createContext, useContext } from 'react';

export const IsPageContext = createContext<(path: string) => boolean>(() => true);

export const useIsPage = (): ((path: string) => boolean) => useContext(IsPageContext);
