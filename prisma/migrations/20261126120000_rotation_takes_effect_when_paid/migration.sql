-- A key rotation takes effect only when its payment settles (lib/payments/close-payment.ts): the new key
-- waits with the rotation's request id and is activated by the settlement, or deleted when nothing was
-- charged. Until then deliveries keep signing with the key the wallet already holds. Which key is current
-- and which is previous now follows from the keys in effect (activated_at set): the newest is current, the
-- one before it stays valid for 30 minutes after the current took effect (lib/keys/wallet-keys.ts), as
-- retired_at and valid_until recorded before. Every key so far took effect when it was created.
ALTER TABLE "signing_keys" ADD COLUMN "activated_at" TIMESTAMPTZ(3), ADD COLUMN "pending_request_id" TEXT;
UPDATE "signing_keys" SET "activated_at" = "created_at";
ALTER TABLE "signing_keys" DROP COLUMN "retired_at", DROP COLUMN "valid_until";
CREATE INDEX "signing_keys_pending_request_id_idx" ON "signing_keys"("pending_request_id");
