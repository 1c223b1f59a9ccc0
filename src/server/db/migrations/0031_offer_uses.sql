-- Which introductory offer each identity has had on each title, kept across a deletion of the
-- reader's data: the identity is a salted hash (HMAC-SHA256 of the identity provider's id under a
-- secret of the server's), never the id, the name or the e-mail. The privacy text names it.
-- Owned by domain/orders/offers.ts.
create table offer_uses (
  title_code    text        not null,
  identity_hash text        not null,
  offer         text        not null check (offer in ('FIRST_MONTH_1KR')),
  used_at       timestamptz not null,
  primary key (title_code, identity_hash, offer)
);
