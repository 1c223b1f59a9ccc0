-- Messages for segments of readers (POST /segment/{id}/message), shown as banners on
-- the home page (context 'home') and elsewhere by context. Owned by domain/segments/segments.ts.
-- A message belongs to one segment (whose members the server decides from its own records), to
-- one title or all (title_code null), runs from starts_at until ends_at, and is written in both
-- languages. A reader who closes one is not shown it again (segment_message_dismissals).
create table segment_messages (
  id          text        primary key check (id ~ '^[a-z0-9-]{1,64}$'),
  segment_id  text        not null check (segment_id ~ '^[a-z0-9-]{1,64}$'),
  title_code  text,
  context     text        not null check (context in ('home', 'winback', 'order', 'cancel')),
  heading_nb  text        not null check (char_length(heading_nb) between 1 and 120),
  body_nb     text        not null check (char_length(body_nb) between 1 and 600),
  heading_nn  text        not null check (char_length(heading_nn) between 1 and 120),
  body_nn     text        not null check (char_length(body_nn) between 1 and 600),
  cta_url     text,
  cta_label_nb text,
  cta_label_nn text,
  starts_at   timestamptz not null,
  ends_at     timestamptz,
  check (ends_at is null or ends_at > starts_at),
  check ((cta_url is null) = (cta_label_nb is null) and (cta_url is null) = (cta_label_nn is null))
);
create index segment_messages_segment on segment_messages (segment_id, context);

create table segment_message_dismissals (
  spid_id      text        not null,
  message_id   text        not null references segment_messages (id),
  dismissed_at timestamptz not null,
  primary key (spid_id, message_id)
);
