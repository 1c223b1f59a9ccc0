-- The embedded analytics collector: page views the SPA sends after the reader has
-- accepted analytics, kept as sent so a tester can read them (/dev/events). Owned by
-- domain/analytics/events.ts. A production deployment sends to the analytics provider instead.
create table analytics_events (
  id          bigint      generated always as identity primary key,
  title_code  text        not null,
  event       jsonb       not null,
  received_at timestamptz not null
);
create index analytics_events_received on analytics_events (received_at);
