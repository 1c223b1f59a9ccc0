-- Delivery complaints of paper subscribers (/tilbakemelding). Owned by
-- domain/complaints/complaints.ts.

-- One row per complaint, kept for customer service. The delivery address is copied as it was
-- when the complaint was filed (the account's address may change later); `address_key` is that
-- address normalised (or the account, when it had none), and `address_count` how many
-- complaints of the title that address had in the 30 days up to this one, this one included
-- ("3. klage på denne adressen siste 30 dager" in the e-mail to customer service).
create table complaints (
  id                 bigserial   primary key,
  reference          text        not null unique,
  subscription_no    text        not null references subscriptions (subscription_no),
  aria_account_no    text        not null references accounts (aria_account_no),
  title_code         text        not null,
  code               text        not null references complaint_codes (code),
  comment            text        check (comment is null or char_length(comment) between 1 and 500),
  address_co_name    text,
  address_street     text,
  address_street_no  text,
  address_flat_no    text,
  address_floor      text,
  address_postal     text,
  address_place      text,
  address_key        text        not null,
  address_count      integer     not null check (address_count >= 1),
  receipt_email      text,
  filed_at           timestamptz not null
);
create index complaints_subscription on complaints (subscription_no, filed_at desc);
create index complaints_address on complaints (title_code, address_key, filed_at);

-- The delivery days of a complaint. A day of a subscription is complained about once: the
-- primary key keeps a second complaint for the same day out, also when two arrive at once.
create table complaint_dates (
  subscription_no text    not null references subscriptions (subscription_no),
  delivery_date   date    not null,
  complaint_id    bigint  not null references complaints (id),
  primary key (subscription_no, delivery_date)
);
create index complaint_dates_of on complaint_dates (complaint_id);
