-- Riders are real or sandbox (decisions.md section 13): a sandbox merchant's deliveries are
-- offered to and taken by sandbox riders only, a real merchant's by real riders only. The
-- simulator's riders are sandbox riders, and stay so.
alter table riders add column sandbox boolean not null default false;
update riders set sandbox = true where simulated;
alter table riders add constraint riders_simulated_are_sandbox check (sandbox or not simulated);
