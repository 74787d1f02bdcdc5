-- A merchant's Shopify store (decisions.md section 11): where its orders/create webhooks come
-- from, the webhook secret that signs them (AES-256-GCM, key dispatch.integrations.secret-encryption-key,
-- never stored in plain text) and the pickup every order's delivery starts from.
create table shopify_integrations (
  merchant_id       uuid        primary key,
  shop_domain       text        not null,
  secret_ciphertext bytea       not null,
  pickup_address    text        not null,
  pickup_lat        double precision,
  pickup_lng        double precision,
  pickup_notes      text,
  updated_at        timestamptz not null
);

-- Every orders/create webhook that passed its signature, with what became of it. The first
-- receipt of an X-Shopify-Webhook-Id is unique per merchant and, for an order that becomes a
-- delivery, is written in the transaction that appends the delivery's creation: two concurrent
-- deliveries of one webhook create one delivery. Repeats are kept as DUPLICATE rows.
create table shopify_orders (
  id          bigserial   primary key,
  merchant_id uuid        not null,
  webhook_id  text        not null,
  order_name  text,
  outcome     text        not null check (outcome in ('CREATED', 'DUPLICATE', 'NO_SHIPPING_ADDRESS', 'INVALID')),
  dispatch_id uuid,
  detail      text,
  received_at timestamptz not null
);
create unique index shopify_orders_first_receipt on shopify_orders (merchant_id, webhook_id)
  where outcome <> 'DUPLICATE';
create index shopify_orders_recent on shopify_orders (merchant_id, received_at desc, id desc);
