-- Hardening. At most one open order per account, title and kind: a second tab's order
-- cannot make a second payment for the same thing. Older duplicates (none are made any more)
-- are ended before the index is built.
update orders set status = 'EXPIRED', failure_reason = 'EXPIRED', completed_at = now()
 where status = 'PENDING' and kind <> 'invoice'
   and exists (
     select 1 from orders newer
      where newer.status = 'PENDING' and newer.aria_account_no = orders.aria_account_no
        and newer.title_code = orders.title_code and newer.kind = orders.kind
        and (newer.created_at, newer.order_id) > (orders.created_at, orders.order_id));

create unique index orders_one_open_per_kind on orders (aria_account_no, title_code, kind)
  where status = 'PENDING' and kind <> 'invoice';

-- The audit trail of an account's own facts that decide eligibility (the birth date given on the
-- profile when the identity provider has none). Owned by domain/accounts.
create table account_events (
  id               bigserial   primary key,
  aria_account_no  text        not null references accounts (aria_account_no),
  kind             text        not null,
  actor            text        not null,
  detail           jsonb       not null default '{}'::jsonb,
  created_at       timestamptz not null default now()
);
create index account_events_account on account_events (aria_account_no, id);

-- An order no longer carries a birth date: age rules read the identity provider's or the one
-- given on the profile.
alter table orders drop column birth_date;
