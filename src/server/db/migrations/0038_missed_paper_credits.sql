-- A missed paper credited by itself (domain/complaints/missedPaperCredits.ts, which owns the
-- table): a complaint «Avisen kom ikke» (UTEBLITT) on a delivery day inside a billed and paid
-- period of a title that credits the paper's share (shared/publications/delivery.ts) credits that
-- day's issue on the subscription's next renewal.
--
-- One row per subscription and delivery day: the primary key credits a day once, also when two
-- complaints arrive at once (complaint_dates refuses the second one too). `amount_ore` is the
-- issue's credit, fixed when the complaint is filed (the paper's share of the price of the paid
-- period the day fell in, over its delivery days, as a stopped issue is credited).
-- `billing_effect_id` is the renewal that took it off (null: not yet; a renewal that cannot take
-- it off whole leaves it for the next one). The complaint may be erased (a reader's data
-- deleted) while the credit stays with the bookkeeping of the invoice it went on.
create table missed_paper_credits (
  subscription_no    text        not null references subscriptions (subscription_no),
  delivery_date      date        not null,
  complaint_id       bigint      references complaints (id) on delete set null,
  amount_ore         bigint      not null check (amount_ore > 0),
  created_at         timestamptz not null,
  billing_effect_id  bigint      references billing_effects (id),
  credited_at        timestamptz,
  primary key (subscription_no, delivery_date),
  check ((billing_effect_id is null) = (credited_at is null))
);
-- The credits an invoice took off (its lines), and those a renewal still has to take off.
create index missed_paper_credits_effect on missed_paper_credits (billing_effect_id);
create index missed_paper_credits_open on missed_paper_credits (subscription_no)
  where billing_effect_id is null;
