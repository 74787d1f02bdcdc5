-- Shopify's id of the order (its "id", which the signature covers, unlike X-Shopify-Webhook-Id):
-- a store's order makes one delivery at most, however often it is posted and under whichever
-- webhook id. The CREATED receipt is written in the transaction that appends the delivery's
-- creation, so two posts of one order at once create one delivery.
alter table shopify_orders add column order_id text;
create unique index shopify_orders_one_delivery_per_order on shopify_orders (merchant_id, order_id)
  where outcome = 'CREATED';
