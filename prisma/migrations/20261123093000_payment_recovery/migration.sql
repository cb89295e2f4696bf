-- Recoverable settlement (docs/payments.md "Recovery"): the authorization, the request's fingerprint, its daily
-- quota and its paid answer are kept with the payment, so a crash at any point is finished from the chain, and a
-- caller who lost the answer fetches it again with the same proof. Callback deliveries start 'held' (a status
-- value, no schema change) until their payment settled. The settlement account's nonce is shared by instances.
-- AlterTable
ALTER TABLE "payment_records" ADD COLUMN     "answer" TEXT,
ADD COLUMN     "answer_expires_at" TIMESTAMPTZ(3),
ADD COLUMN     "authorization_nonce" TEXT,
ADD COLUMN     "quota_day" TIMESTAMPTZ(3),
ADD COLUMN     "quota_queries" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "request_fingerprint" TEXT,
ADD COLUMN     "settled_at" TIMESTAMPTZ(3),
ADD COLUMN     "signature_hash" TEXT,
ADD COLUMN     "succeeded_queries" INTEGER,
ADD COLUMN     "valid_before" TIMESTAMPTZ(3);

-- CreateTable
CREATE TABLE "settlement_nonces" (
    "address" TEXT NOT NULL,
    "next_nonce" BIGINT NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "settlement_nonces_pkey" PRIMARY KEY ("address")
);

-- CreateIndex
CREATE INDEX "payment_records_outcome_updated_at_idx" ON "payment_records"("outcome", "updated_at");

-- CreateIndex
CREATE INDEX "payment_records_answer_expires_at_idx" ON "payment_records"("answer_expires_at");

