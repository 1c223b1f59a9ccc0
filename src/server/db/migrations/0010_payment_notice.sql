-- What the home page must tell about how a subscription is paid (e.g. the Vipps agreement was
-- stopped in the Vipps app).
alter table subscriptions add column payment_notice text
  check (payment_notice in ('VIPPS_AGREEMENT_STOPPED'));
