-- When a request answered 503 payment_unavailable because its settlement was broadcast but not confirmed, its
-- stored answer waits for the caller (lib/payments/serve-undelivered-answer.ts): the same payer asking the same
-- request again, even with a new payment, gets that answer instead of paying twice. Cleared when the answer goes
-- out or is dropped.
ALTER TABLE "payment_records" ADD COLUMN "answer_awaited_since" TIMESTAMPTZ(3);
CREATE INDEX "payment_records_awaited_idx" ON "payment_records"("payer", "request_fingerprint") WHERE "answer_awaited_since" IS NOT NULL;
