-- Whether a stored paid answer went out to the caller (lib/payments/serve-undelivered-answer.ts): false from
-- when the answer is stored until the request that paid (or a repeat of its proof) hands it out. An answer
-- whose payment was broadcast but not confirmed (503 payment_unavailable), or whose server died after
-- settling, stays false: the same payer asking the same request again, even with a new payment, gets that
-- answer instead of paying twice. Every answer stored so far is counted as handed out.
ALTER TABLE "payment_records" ADD COLUMN "answer_handed_out" BOOLEAN NOT NULL DEFAULT true;
CREATE INDEX "payment_records_undelivered_idx" ON "payment_records"("payer", "request_fingerprint") WHERE "answer_handed_out" = false;
