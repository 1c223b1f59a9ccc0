// The reader's consent choices follow them between devices: once signed in, the choices the
// server keeps for the title are written to this browser (the server's are the latest answer);
// when the server has none yet, this browser's answer is sent there. Runs once per sign-in.
import { useEffect, useRef } from 'react';

import { useGetConsentsQuery, useSaveConsentsMutation } from '../api/privacy';
import {
  acceptedOf,
  choicesOf,
  hasStoredAnswer,
  saveConsent,
  storedConsent,
} from '../lib/consent/consent';
import { selectTitle } from '../session/titleSlice';
import { selectLoggedIn } from '../session/userSlice';
import { useAppSelector } from '../store/hooks';

export function useConsentSync(): void {
  const loggedIn = useAppSelector(selectLoggedIn);
  const titleCode = useAppSelector(selectTitle)?.titleCode ?? '';
  const { data } = useGetConsentsQuery({ titleCode }, { skip: !loggedIn || !titleCode });
  const [save] = useSaveConsentsMutation();
  const done = useRef<string | null>(null);
  useEffect(() => {
    if (!data || done.current === data.titleCode) return;
    done.current = data.titleCode;
    const server = acceptedOf(data.categories);
    if (server) saveConsent(server);
    else if (hasStoredAnswer())
      void save({
        titleCode: data.titleCode,
        consentChange: { source: 'dialog', categories: choicesOf(storedConsent().accepted) },
      });
  }, [data, save]);
}
