-- An approved payment is reserved first and captured once the order is granted (Vipps ePayment
-- and Swedbank Pay card payments both authorise, then capture). The order keeps when its money
-- was captured; a completed order whose capture has not gone through yet is captured again by
-- the reconciler. Orders completed before were captured at approval.
-- Owned by domain/orders/orders.ts (orders) and payments/sandbox.ts (sandbox_payments).
alter table orders add column payment_captured_at timestamptz;
update orders set payment_captured_at = completed_at
 where status = 'COMPLETED' and payment_id is not null;
create index orders_uncaptured on orders (completed_at)
  where status = 'COMPLETED' and payment_id is not null and payment_captured_at is null;

alter table sandbox_payments drop constraint sandbox_payments_status_check;
alter table sandbox_payments add constraint sandbox_payments_status_check
  check (status in ('CREATED', 'AUTHORIZED', 'CAPTURED', 'DECLINED', 'CANCELLED', 'EXPIRED'));
alter table sandbox_payments add column capture_key text;
