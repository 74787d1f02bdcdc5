-- Idempotency keys are written by the idempotency module (IdempotencyStore, under IdempotencyFilter),
-- so they live in its own schema (issue 38: each schema is owned by the module that writes it;
-- docs/adr/0055). Identity V2 created the table in the identity schema; it moves here with its rows
-- and its indexes. The identity migrations always run first (IdempotencyConfiguration's
-- idempotencyFlyway depends on identityFlyway), so the table exists here.
alter table identity.idempotency_keys set schema idempotency;

-- During a rolling upgrade, instances of the previous release still name identity.idempotency_keys
-- in every statement of their store; without this they would answer 500 on every request with an
-- Idempotency-Key until all were upgraded. A simple view is automatically updatable: their
-- INSERT ... ON CONFLICT DO NOTHING, UPDATE, DELETE and SELECT go to the moved table. ctid is named
-- so that their cleanup (delete ... where ctid = any(array(select ctid ... for update skip locked)))
-- reads the table's row ids through the view; it is read-only, the other columns are updatable.
-- The release after the next drops this view (docs/adr/0055): by then no instance names the old table.
create view identity.idempotency_keys as
  select merchant_id, idempotency_key, fingerprint, owner, state, claimed_at, expires_at,
         status_code, content_type, request_id, body, ctid
    from idempotency.idempotency_keys;
