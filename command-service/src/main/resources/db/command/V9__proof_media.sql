-- Proof of delivery photos and signatures (decisions.md section 16), uploaded by the rider who
-- holds the delivery and read back by its merchant and by operators. Bounded: at most 5 per
-- delivery (slot 1 to 5, one row each) and 5 MiB each; the bounds are ProofMediaStore's and
-- ImageContent's, repeated here so no writer can pass them.
create table proof_media (
  media_id     text        primary key check (media_id ~ '^[A-Za-z0-9_-]{24}$'),
  dispatch_id  uuid        not null,
  slot         smallint    not null check (slot between 1 and 5),
  merchant_id  uuid        not null,
  rider_id     uuid        not null,
  content_type text        not null check (content_type in ('image/jpeg', 'image/png')),
  width        integer     not null check (width between 1 and 10000),
  height       integer     not null check (height between 1 and 10000),
  bytes        bytea       not null check (octet_length(bytes) between 1 and 5242880),
  uploaded_at  timestamptz not null,
  unique (dispatch_id, slot)
);

-- JPEG and PNG are compressed already: store them out of line as they are, without trying again
alter table proof_media alter column bytes set storage external;
