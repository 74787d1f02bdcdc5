-- How far the Kafka publisher has got, written by the publisher itself only after Kafka
-- acknowledged a batch (in the same transaction as its Axon token): {"index": n, "gaps": [..]},
-- the global index of the batch's last event and the lower ones not yet seen. Writers on an
-- instance that does not publish wait on it (PublicationWatermark).
create table publication_position (
  processor  varchar(255) primary key,
  position   text        not null,
  updated_at timestamptz not null
);
