-- Dead letters and parked keys are written by shared-kafka's recovery (RecordRecovery, DeadLetters),
-- so they live in shared-kafka's own schema (issue 38: each schema is owned by the module that writes
-- it). They were created in the identity schema by identity V6; they move here with their rows, their
-- indexes and the sequence of dead_letters.id. The identity migrations always run first
-- (SharedKafkaConfiguration's kafkaFlyway depends on identityFlyway), so both tables exist here.
alter table identity.dead_letters set schema kafka;
alter table identity.parked_keys set schema kafka;
