-- Offers are filtered by the sandbox line (decisions.md section 13): a sandbox merchant's
-- deliveries are offered to sandbox riders only, a real merchant's to real riders only. The
-- merchant's flag (identity.merchants.sandbox, set when the merchant is created and never
-- changed) is copied onto the row when the projection (or a rebuild) writes it.
alter table dispatches add column sandbox boolean not null default false;
do $$
begin
  if to_regclass('identity.merchants') is not null then
    update query.dispatches d set sandbox = true
      from identity.merchants m where m.id = d.merchant_id and m.sandbox;
  end if;
end
$$;
drop index dispatches_new_oldest;
create index dispatches_new_oldest on dispatches (sandbox, created_at, id) where status = 'NEW';
