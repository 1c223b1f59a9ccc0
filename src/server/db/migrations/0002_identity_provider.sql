-- Storage of the embedded OpenID provider (oidc-provider at /idp): its models (sessions,
-- interactions, grants, codes, tokens) and its signing and cookie keys, so that a restart or a
-- second instance keeps sessions and issued tokens valid.

-- One row per stored model instance. `payload` is the provider's own JSON; the other columns are
-- copies of the fields it looks models up by. Rows past expires_at are invisible to the adapter
-- and may be deleted at any time.
create table oidc_models (
  model       text        not null,
  id          text        not null,
  payload     jsonb       not null,
  grant_id    text,
  user_code   text,
  uid         text,
  expires_at  timestamptz,
  consumed_at timestamptz,
  primary key (model, id)
);
create index oidc_models_grant_id on oidc_models (grant_id) where grant_id is not null;
create index oidc_models_uid on oidc_models (uid) where uid is not null;
create index oidc_models_user_code on oidc_models (user_code) where user_code is not null;
create index oidc_models_expires_at on oidc_models (expires_at) where expires_at is not null;

-- Key material generated on first start: 'jwks' holds the private signing keys as a JWK Set,
-- 'cookies' the list of cookie signing secrets (newest first). One row per kind.
create table oidc_keys (
  kind       text        primary key check (kind in ('jwks', 'cookies')),
  value      jsonb       not null,
  created_at timestamptz not null default now()
);
