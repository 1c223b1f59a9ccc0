-- An order's number: unique, in the order it was placed; the short reference a reader
-- sees on receipts and gives the customer centre is computed from it (domain/orders/reference.ts)
-- and leads back to it. Orders placed before get theirs now.
alter table orders add column order_no bigserial;
create unique index orders_order_no on orders (order_no);

-- The reader's explicit choice to use an upgrade's or reactivation's payment for future charges
-- (unticked: a one-off payment never changes the stored payment method).
alter table orders add column use_for_future_charges boolean not null default false;

-- How a billing effect was actually paid: the provider of the payment that settled it and the
-- card it was charged to (an invoice paid by card is not an AvtaleGiro payment).
alter table billing_effects add column paid_provider text;
alter table billing_effects add column paid_masked_card text;

-- Effects paid before: by the order that settled them (an invoice paid on /betal-faktura, an
-- order's own charge), else by the method they were billed to (a renewal charged by the job).
update billing_effects b
   set paid_provider = coalesce(
         (select o.payment_provider from orders o where o.order_id = b.order_id), b.provider)
 where b.status = 'paid';
