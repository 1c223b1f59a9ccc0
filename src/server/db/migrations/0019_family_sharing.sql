-- Shared subscriptions and family sharing. The share columns of `subscriptions` are
-- written by domain/subscriptions/lifecycle.ts (insertSharedSubscription); the family tables by
-- domain/family/store.ts.

-- A shared subscription is a family member's share of an owner's subscription (share_kind
-- 'family', shared_from_subscription_no the owner's) or a business seat (share_kind
-- 'business-seat', business_agreement_id the company's agreement; the business migration adds
-- the agreement table and its foreign key). Both are paid by someone else.
alter table subscriptions add column share_kind text
  check (share_kind in ('family', 'business-seat'));
alter table subscriptions add column shared_from_subscription_no text
  references subscriptions (subscription_no);
alter table subscriptions add column business_agreement_id text;
alter table subscriptions add constraint subscriptions_share_reference check (
  (share_kind is null and shared_from_subscription_no is null and business_agreement_id is null)
  or (share_kind = 'family' and shared_from_subscription_no is not null
      and business_agreement_id is null)
  or (share_kind = 'business-seat' and business_agreement_id is not null
      and shared_from_subscription_no is null));
create index subscriptions_shared_from on subscriptions (shared_from_subscription_no)
  where shared_from_subscription_no is not null;

-- An owner's invitation to join the family on one title. Only the SHA-256 of the link's token
-- is kept (a resend replaces it, so the earlier link stops working). `state` is what happened to
-- it; a 'valid' one past `expires_at` reads as expired. `resent_at` holds the resends, for the
-- hourly limit. `recipient` is what the owner typed, `recipient_key` the same address in lower
-- case or the number in E.164, to find a second invitation to the same person. The inviter's
-- name and e-mail are the session's when it was sent (the identity provider may be outside).
create table family_invitations (
  id                    uuid        primary key,
  owner_subscription_no text        not null references subscriptions (subscription_no),
  owner_account_no      text        not null references accounts (aria_account_no),
  title_code            text        not null,
  channel               text        not null check (channel in ('EMAIL', 'SMS')),
  recipient             text        not null check (char_length(recipient) between 1 and 254),
  recipient_key         text        not null,
  inviter_name          text        not null,
  inviter_email         text,
  token_hash            text        not null unique,
  state                 text        not null
    check (state in ('valid', 'used', 'withdrawn', 'declined')),
  sent_at               timestamptz not null,
  expires_at            timestamptz not null,
  resent_at             timestamptz[] not null default '{}',
  answered_at           timestamptz,
  answered_by_spid_id   text,
  created_at            timestamptz not null
);
create index family_invitations_owner on family_invitations (owner_subscription_no, created_at desc);

-- A member of a family: the member's shared subscription (made on accepting) and the
-- invitation it came from. The share's status says whether the member still has access (the
-- family job keeps it following the owner's subscription); `ended_at` and `end_reason` say why
-- a membership ended or is ending (cleared when the owner undoes a cancellation). The member's
-- name and e-mail are the session's when they accepted.
create table family_members (
  id                     uuid        primary key,
  owner_subscription_no  text        not null references subscriptions (subscription_no),
  member_subscription_no text        not null unique references subscriptions (subscription_no),
  member_account_no      text        not null references accounts (aria_account_no),
  invitation_id          uuid        references family_invitations (id),
  display_name           text        not null,
  email                  text,
  joined_at              timestamptz not null,
  ended_at               timestamptz,
  end_reason             text
    check (end_reason in ('removed', 'left', 'owner-ended', 'owner-cancelled', 'not-included'))
);
create index family_members_owner on family_members (owner_subscription_no);
create index family_members_account on family_members (member_account_no);
