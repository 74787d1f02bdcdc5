-- How far the dispatcher's consumer group has recorded each partition (the next offset to read),
-- written in the transaction of the notifications it recorded: on every partition assignment the
-- group seeks here, so an offset committed ahead of a lost database commit is never trusted.
create table consumer_positions (
  consumer_group text    not null,
  topic          text    not null,
  partition      integer not null,
  next_offset    bigint  not null,
  primary key (consumer_group, topic, partition)
);
