-- Copies of a reader's data (/schibstedTakeoutGateway). Owned by
-- domain/privacy/export.ts. The reader asks, the server builds the copy at once (everything Min
-- Side holds about them), e-mails that it is ready and offers it for download until expires_at;
-- the background job then deletes the content (the row stays as the record that it was made).
create table data_exports (
  id            uuid        primary key,
  spid_id       text        not null,
  title_code    text        not null,
  requested_at  timestamptz not null,
  expires_at    timestamptz not null,
  content       jsonb,
  size_bytes    integer     not null check (size_bytes >= 0),
  downloaded_at timestamptz,
  check (expires_at > requested_at)
);
create index data_exports_of_reader on data_exports (spid_id, requested_at desc);
