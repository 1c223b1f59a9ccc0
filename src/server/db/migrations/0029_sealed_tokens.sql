-- The provider's tokens are kept sealed (identity/token-seal.ts). Tokens written in
-- plain text before are dropped: their sessions go on, and their logout is local only.
update sessions set id_token = null, refresh_token = null
 where id_token not like 'v1.%' or refresh_token not like 'v1.%';
