// The segment messages a screen shows (the home page: context `home`) for the signed-in reader,
// in the language the page is read in, and closing one. The segment asked for follows from the
// subscription the page holds; the server decides membership from its own records all the same.
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';

import { segmentOf } from '../../shared/segments/segment';
import {
  segmentEndpoints,
  type SegmentMessage,
  useDismissSegmentMessageMutation,
  usePostSegmentMessageQuery,
} from '../api/segment';
import type { Subscription } from '../api/subscription';
import { selectTitle } from '../session/titleSlice';
import { useAppDispatch, useAppSelector } from '../store/hooks';

type Context = 'home' | 'winback' | 'order' | 'cancel';

export function useSegmentMessages(
  subscription: Subscription | null,
  context: Context,
): {
  readonly messages: readonly SegmentMessage[];
  readonly dismiss: (messageId: string) => Promise<boolean>;
} {
  const { i18n } = useTranslation();
  const dispatch = useAppDispatch();
  const titleCode = useAppSelector(selectTitle)?.titleCode ?? '';
  const language: 'nb' | 'nn' = i18n.language === 'nn' ? 'nn' : 'nb';
  const id = segmentOf(subscription);
  const arg = useMemo(
    () => ({ id, segmentMessageRequest: { titleCode, context, language } }),
    [id, titleCode, context, language],
  );
  const { data } = usePostSegmentMessageQuery(arg, { skip: !titleCode });
  const [dismissMessage] = useDismissSegmentMessageMutation();
  const dismiss = useCallback(
    async (messageId: string) => {
      try {
        await dismissMessage({ id, messageId }).unwrap();
      } catch {
        return false;
      }
      dispatch(
        segmentEndpoints.util.updateQueryData('postSegmentMessage', arg, (draft) => {
          draft.messages = draft.messages.filter((m) => m.id !== messageId);
        }),
      );
      return true;
    },
    [dismissMessage, dispatch, id, arg],
  );
  return { messages: data?.messages ?? [], dismiss };
}
