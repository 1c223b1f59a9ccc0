// The refusal of the order itself (the purchase saga's problem, e.g. an age rule or a field the
// server would not take), from this visit only: not one left from an earlier page. When one
// comes, its notice (`problemRef`) takes the focus, and the address fields the server refused
// are marked on the fields too.
import { useFormikContext } from 'formik';
import { useEffect, useRef } from 'react';

import { selectPurchase } from '../../flows/order/purchaseSlice';
import { useAppSelector } from '../../store/hooks';

import { refusedAddress } from './DeliveryAddressStep';
import type { OrderValues } from './orderValues';

export function useOrderProblem() {
  const purchase = useAppSelector(selectPurchase);
  const { setErrors, setTouched } = useFormikContext<OrderValues>();
  const problemAtMount = useRef(purchase.problem);
  const problem = purchase.problem !== problemAtMount.current ? purchase.problem : null;
  const problemRef = useRef<HTMLDivElement>(null);
  const handledProblem = useRef(problem);
  useEffect(() => {
    if (!problem || handledProblem.current === problem) return;
    handledProblem.current = problem;
    problemRef.current?.focus();
    const address = refusedAddress(problem.fields, problem.code);
    if (address) {
      void setTouched(address.touched, false);
      setErrors(address.errors);
    }
  }, [problem, setErrors, setTouched]);
  return { problem, problemRef };
}
