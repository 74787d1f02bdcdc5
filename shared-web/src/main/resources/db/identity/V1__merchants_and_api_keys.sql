create table merchants (
  id           uuid primary key,
  name         text not null,
  status       text not null default 'ACTIVE',
  connected_at timestamptz,
  created_at   timestamptz not null
);

-- Only a SHA-256 of the secret is kept: secrets are 256 random bits, so a fast hash is enough
-- and lets every request be checked without a slow KDF.
create table api_keys (
  key_id      text primary key,
  merchant_id uuid not null references merchants (id),
  secret_hash bytea not null,
  scopes      text not null,
  created_at  timestamptz not null,
  revoked_at  timestamptz
);
create index api_keys_merchant on api_keys (merchant_id);
