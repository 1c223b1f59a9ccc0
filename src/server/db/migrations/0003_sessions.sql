-- Sessions of the backend-for-frontend and the logins in flight. The browser only ever holds an
-- opaque session id in an HttpOnly cookie; the database keeps a SHA-256 of it, so a leaked
-- database dump does not hand out live sessions. Tokens stay here and never reach the browser.

create table login_attempts (
  state_hash     text        primary key,
  binding_hash   text        not null,
  title_code     text        not null,
  redirect_uri   text        not null,
  return_url     text        not null,
  nonce          text        not null,
  code_verifier  text        not null,
  created_at     timestamptz not null,
  expires_at     timestamptz not null,
  consumed_at    timestamptz
);
create index login_attempts_expires on login_attempts (expires_at);

create table sessions (
  id_hash        text        primary key,
  spid_id        text        not null,
  title_code     text        not null,
  user_claims    jsonb       not null,
  id_token       text,
  refresh_token  text,
  created_at     timestamptz not null,
  last_seen_at   timestamptz not null,
  expires_at     timestamptz not null
);
create index sessions_spid on sessions (spid_id);
create index sessions_expires on sessions (expires_at);

-- Security events: failed logins, replayed states, forbidden attempts (never tokens).
create table security_events (
  id          bigserial   primary key,
  kind        text        not null,
  spid_id     text,
  detail      text        not null,
  created_at  timestamptz not null default now()
);

-- Secrets the server generates for itself when none is configured (the embedded identity
-- provider's client master secret), so the embedded defaults need no set-up.
create table server_secrets (
  name        text        primary key,
  value       text        not null,
  created_at  timestamptz not null default now()
);
