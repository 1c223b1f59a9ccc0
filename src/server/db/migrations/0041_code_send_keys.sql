-- The student and business codes are sent once per Idempotency-Key, as the connect codes are
-- (0040): a repeat of the same POST gets the first send's answer and no second e-mail.
-- `request_hash` is what the key was made for: the same key with another request is refused.
alter table student_verifications add column idempotency_key text;
alter table student_verifications add column request_hash text;
create unique index student_verifications_send_key
  on student_verifications (spid_id, idempotency_key) where idempotency_key is not null;

alter table business_codes add column idempotency_key text;
alter table business_codes add column request_hash text;
create unique index business_codes_send_key
  on business_codes (spid_id, idempotency_key) where idempotency_key is not null;
