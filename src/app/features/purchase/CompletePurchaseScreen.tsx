// /completepurchase (card) and /completevippspurchase (Vipps), no guard: where the payment page
// sends the reader back with `?ordre=<id>`. Coming back proves nothing, so the purchase saga asks
// the server to verify the payment (again while it is pending, for a bounded time) and then
// moves on to the receipt or the screen of what went wrong. Progress is shown and announced all
// the while. Without an order id there is nothing to confirm: /feil-kjop.
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useSearchParams } from 'react-router';

import { completePurchase, selectPurchase } from '../../flows/order/purchaseSlice';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { Progress } from '../../ui/Progress';
import { Screen } from '../../ui/Screen';

export default function CompletePurchaseScreen() {
  const { t } = useTranslation('purchase');
  const dispatch = useAppDispatch();
  const [query] = useSearchParams();
  const { pathname } = useLocation();
  const { step, pendingAnswers } = useAppSelector(selectPurchase);
  const orderId = query.get('ordre')?.trim() ?? '';
  const vipps = pathname === '/completevippspurchase';

  // Asked once per order id; the saga ignores a second ask while it confirms (StrictMode, a
  // double render) and the server answers the same order for a repeated completion.
  useEffect(() => {
    if (orderId) dispatch(completePurchase({ orderId }));
  }, [dispatch, orderId]);

  if (!orderId) return <Navigate replace to="/feil-kjop" />;

  return (
    <Screen
      headingId="complete-heading"
      heading={t(vipps ? 'purchase.complete.heading-vipps' : 'purchase.complete.heading')}
    >
      <Progress>
        {step === 'confirming' && pendingAnswers > 0
          ? t('purchase.complete.still-pending')
          : t('purchase.complete.confirming')}
      </Progress>
      <p className="ds-paragraph">{t('purchase.complete.keep-open')}</p>
    </Screen>
  );
}
