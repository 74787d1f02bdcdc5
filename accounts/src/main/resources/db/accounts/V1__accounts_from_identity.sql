-- The merchants' sign-in accounts are written by the accounts module (Accounts: sign-up, sign-in),
-- so they live in its own schema (issue 38: each schema is owned by the module that writes it).
-- Identity V7 created the table in the identity schema; it moves here with its rows and indexes,
-- and keeps its foreign key to identity.merchants. The identity migrations always run first
-- (AccountsConfiguration's accountsFlyway depends on identityFlyway). The session tables of V7
-- stay in identity: shared-web writes them, for every service.
alter table identity.accounts set schema accounts;
