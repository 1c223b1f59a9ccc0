-- The reader's privacy choices per title (/personverninnstillinger, /samtykke1-3, the
-- consent dialog). Owned by domain/privacy/consents.ts. Keyed by the identity (spid_id), not the
-- billing account: a reader without a subscription sets them too, and they follow the reader
-- between devices. One row per answered choice; every change is kept in consent_events.
--
-- consent_key: the consent manager's categories (advertising, analytics, marketing,
-- personalization) and the contact permissions (email, sms, surveys).
create table consents (
  spid_id     text        not null,
  title_code  text        not null,
  consent_key text        not null check (consent_key in ('advertising', 'analytics', 'marketing',
                                          'personalization', 'email', 'sms', 'surveys')),
  granted     boolean     not null,
  updated_at  timestamptz not null,
  primary key (spid_id, title_code, consent_key)
);

create table consent_events (
  id          bigint      generated always as identity primary key,
  spid_id     text        not null,
  title_code  text        not null,
  consent_key text        not null,
  granted     boolean     not null,
  source      text        not null check (source in ('dialog', 'settings', 'samtykke1', 'samtykke2',
                                          'samtykke3')),
  occurred_at timestamptz not null
);
create index consent_events_of_reader on consent_events (spid_id, title_code, occurred_at);
