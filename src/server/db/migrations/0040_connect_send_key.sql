-- A send of a connect code takes effect once per Idempotency-Key (domain/connect/connect.ts): a
-- browser sends a POST again by itself when a kept-alive connection closes before the answer, and
-- that repeat answers the first send's verification instead of sending a second SMS.
-- `request_hash` is the search the key was made for: the same key with another search is refused.
alter table verifications add column idempotency_key text;
alter table verifications add column request_hash text;
create unique index verifications_send_key on verifications (spid_id, idempotency_key)
  where idempotency_key is not null;
