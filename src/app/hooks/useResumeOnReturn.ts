// Back from a payment provider's page through the browser's back/forward cache, the page shows
// as it was left (a busy button, a flow marked as redirecting). This dispatches the flow's
// "resumed" action then, so the screen works again. The one copy of this `pageshow` effect.
import type { UnknownAction } from '@reduxjs/toolkit';
import { useEffect } from 'react';

import { useAppDispatch } from '../store/hooks';

export function useResumeOnReturn(resumed: () => UnknownAction) {
  const dispatch = useAppDispatch();
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) dispatch(resumed());
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, [dispatch, resumed]);
}
