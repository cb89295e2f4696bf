-- Answers that belong to the paying wallet alone (a rotation's new signing-key secret, the key state, the
-- delivery history) are no longer kept with their payment (lib/payments/run-paid.ts, privateAnswer): a settled
-- payment proof can be rebuilt from the chain, so a kept answer could be fetched by anyone. Those kept before
-- this release are dropped here rather than left for their 24 hours.
UPDATE "payment_records"
   SET "answer" = NULL
 WHERE "answer" IS NOT NULL
   AND ("endpoint" IN ('GET /v2/wallet/keys', 'POST /v2/wallet/keys', 'GET /v2/wallet/deliveries')
        OR "endpoint" LIKE 'MCP service\_wallet\_info%');
