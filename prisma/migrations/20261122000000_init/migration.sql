-- CreateSchema
CREATE SCHEMA IF NOT EXISTS "public";

-- CreateTable
CREATE TABLE "cases" (
    "id" UUID NOT NULL,
    "court_code" TEXT NOT NULL,
    "case_id" TEXT NOT NULL,
    "case_number" TEXT NOT NULL,
    "case_name" TEXT NOT NULL,
    "case_name_secondary" TEXT,
    "case_name_secondary_language" TEXT,
    "case_type" TEXT NOT NULL,
    "language" TEXT,
    "date_filed" DATE,
    "date_terminated" DATE,
    "status" TEXT NOT NULL,
    "assigned_judge" TEXT,
    "nature_of_proceeding" TEXT,
    "cause" TEXT,
    "jury_demand" TEXT,
    "appellate" JSONB,
    "source_system" TEXT NOT NULL,
    "last_refreshed_at" TIMESTAMPTZ(3) NOT NULL,
    "last_queried_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "cases_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "parties" (
    "id" UUID NOT NULL,
    "case_ref" UUID NOT NULL,
    "position" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "role_in_case" TEXT NOT NULL,
    "is_primary" BOOLEAN NOT NULL DEFAULT false,
    "date_joined" DATE,
    "date_terminated" DATE,

    CONSTRAINT "parties_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "attorneys" (
    "id" UUID NOT NULL,
    "party_ref" UUID NOT NULL,
    "position" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "firm" TEXT,
    "role" TEXT,
    "date_action" DATE,

    CONSTRAINT "attorneys_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "cross_references" (
    "id" UUID NOT NULL,
    "case_ref" UUID NOT NULL,
    "position" INTEGER NOT NULL,
    "relationship" TEXT NOT NULL,
    "ref_case_id" TEXT NOT NULL,
    "ref_court_code" TEXT NOT NULL,
    "relationship_note" TEXT,

    CONSTRAINT "cross_references_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "docket_entries" (
    "id" UUID NOT NULL,
    "case_ref" UUID NOT NULL,
    "entry_key" TEXT NOT NULL,
    "entry_number" INTEGER,
    "filed_at" TIMESTAMPTZ(3) NOT NULL,
    "filing_type" TEXT,
    "filed_by" TEXT,
    "description" TEXT NOT NULL,
    "description_secondary" TEXT,
    "document_identifier" TEXT,
    "document_identifier_type" TEXT NOT NULL,
    "external_url" TEXT,
    "first_seen_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "docket_entries_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "wallets" (
    "address" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "wallets_pkey" PRIMARY KEY ("address")
);

-- CreateTable
CREATE TABLE "signing_keys" (
    "id" TEXT NOT NULL,
    "wallet_address" TEXT NOT NULL,
    "secret_ciphertext" TEXT NOT NULL,
    "secret_iv" TEXT NOT NULL,
    "secret_tag" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "retired_at" TIMESTAMPTZ(3),
    "valid_until" TIMESTAMPTZ(3),

    CONSTRAINT "signing_keys_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "callback_deliveries" (
    "id" TEXT NOT NULL,
    "wallet_address" TEXT NOT NULL,
    "request_id" TEXT NOT NULL,
    "case_id" TEXT,
    "court_code" TEXT,
    "callback_url" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "first_attempt_at" TIMESTAMPTZ(3),
    "last_attempt_at" TIMESTAMPTZ(3),
    "last_response_code" INTEGER,
    "idempotency_key" UUID NOT NULL,
    "body" TEXT NOT NULL,
    "dispatched_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "callback_deliveries_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "callback_attempts" (
    "id" UUID NOT NULL,
    "delivery_id" TEXT NOT NULL,
    "attempt_number" INTEGER NOT NULL,
    "attempted_at" TIMESTAMPTZ(3) NOT NULL,
    "response_code" INTEGER,
    "error" TEXT,
    "key_id" TEXT,
    "duration_ms" INTEGER,

    CONSTRAINT "callback_attempts_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "payment_records" (
    "id" UUID NOT NULL,
    "nonce_key" TEXT NOT NULL,
    "payer" TEXT NOT NULL,
    "amount_base_units" BIGINT NOT NULL,
    "network" TEXT NOT NULL,
    "asset" TEXT NOT NULL,
    "pay_to" TEXT NOT NULL,
    "endpoint" TEXT NOT NULL,
    "request_id" TEXT NOT NULL,
    "outcome" TEXT NOT NULL,
    "attempts" INTEGER NOT NULL DEFAULT 1,
    "transaction_hash" TEXT,
    "failure_reason" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "payment_records_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "rate_limit_counters" (
    "subject" TEXT NOT NULL,
    "window" TEXT NOT NULL,
    "window_start" TIMESTAMPTZ(3) NOT NULL,
    "count" INTEGER NOT NULL DEFAULT 0,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "rate_limit_counters_pkey" PRIMARY KEY ("subject","window","window_start")
);

-- CreateTable
CREATE TABLE "rate_limit_hits" (
    "id" BIGSERIAL NOT NULL,
    "subject" TEXT NOT NULL,
    "at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "rate_limit_hits_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "source_fetches" (
    "key" TEXT NOT NULL,
    "holder" TEXT NOT NULL,
    "state" TEXT NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "estimated_recovery_at" TIMESTAMPTZ(3),
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "source_fetches_pkey" PRIMARY KEY ("key")
);

-- CreateTable
CREATE TABLE "court_health" (
    "court_code" TEXT NOT NULL,
    "consecutive_failures" INTEGER NOT NULL DEFAULT 0,
    "unhealthy_since" TIMESTAMPTZ(3),
    "last_success_at" TIMESTAMPTZ(3),
    "last_failure_at" TIMESTAMPTZ(3),
    "last_error" TEXT,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "court_health_pkey" PRIMARY KEY ("court_code")
);

-- CreateIndex
CREATE INDEX "cases_last_queried_at_idx" ON "cases"("last_queried_at");

-- CreateIndex
CREATE UNIQUE INDEX "cases_court_code_case_id_key" ON "cases"("court_code", "case_id");

-- CreateIndex
CREATE UNIQUE INDEX "parties_case_ref_position_key" ON "parties"("case_ref", "position");

-- CreateIndex
CREATE UNIQUE INDEX "attorneys_party_ref_position_key" ON "attorneys"("party_ref", "position");

-- CreateIndex
CREATE UNIQUE INDEX "cross_references_case_ref_relationship_ref_court_code_ref_c_key" ON "cross_references"("case_ref", "relationship", "ref_court_code", "ref_case_id");

-- CreateIndex
CREATE INDEX "docket_entries_case_ref_filed_at_idx" ON "docket_entries"("case_ref", "filed_at");

-- CreateIndex
CREATE INDEX "docket_entries_case_ref_first_seen_at_idx" ON "docket_entries"("case_ref", "first_seen_at");

-- CreateIndex
CREATE UNIQUE INDEX "docket_entries_case_ref_entry_key_key" ON "docket_entries"("case_ref", "entry_key");

-- CreateIndex
CREATE INDEX "signing_keys_wallet_address_created_at_idx" ON "signing_keys"("wallet_address", "created_at");

-- CreateIndex
CREATE UNIQUE INDEX "callback_deliveries_idempotency_key_key" ON "callback_deliveries"("idempotency_key");

-- CreateIndex
CREATE INDEX "callback_deliveries_wallet_address_last_attempt_at_id_idx" ON "callback_deliveries"("wallet_address", "last_attempt_at" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "callback_deliveries_request_id_idx" ON "callback_deliveries"("request_id");

-- CreateIndex
CREATE INDEX "callback_deliveries_status_dispatched_at_idx" ON "callback_deliveries"("status", "dispatched_at");

-- CreateIndex
CREATE UNIQUE INDEX "callback_attempts_delivery_id_attempt_number_key" ON "callback_attempts"("delivery_id", "attempt_number");

-- CreateIndex
CREATE UNIQUE INDEX "payment_records_nonce_key_key" ON "payment_records"("nonce_key");

-- CreateIndex
CREATE INDEX "payment_records_payer_created_at_idx" ON "payment_records"("payer", "created_at");

-- CreateIndex
CREATE INDEX "payment_records_request_id_idx" ON "payment_records"("request_id");

-- CreateIndex
CREATE INDEX "rate_limit_counters_expires_at_idx" ON "rate_limit_counters"("expires_at");

-- CreateIndex
CREATE INDEX "rate_limit_hits_subject_at_idx" ON "rate_limit_hits"("subject", "at");

-- AddForeignKey
ALTER TABLE "parties" ADD CONSTRAINT "parties_case_ref_fkey" FOREIGN KEY ("case_ref") REFERENCES "cases"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "attorneys" ADD CONSTRAINT "attorneys_party_ref_fkey" FOREIGN KEY ("party_ref") REFERENCES "parties"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "cross_references" ADD CONSTRAINT "cross_references_case_ref_fkey" FOREIGN KEY ("case_ref") REFERENCES "cases"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "docket_entries" ADD CONSTRAINT "docket_entries_case_ref_fkey" FOREIGN KEY ("case_ref") REFERENCES "cases"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "signing_keys" ADD CONSTRAINT "signing_keys_wallet_address_fkey" FOREIGN KEY ("wallet_address") REFERENCES "wallets"("address") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "callback_deliveries" ADD CONSTRAINT "callback_deliveries_wallet_address_fkey" FOREIGN KEY ("wallet_address") REFERENCES "wallets"("address") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "callback_attempts" ADD CONSTRAINT "callback_attempts_delivery_id_fkey" FOREIGN KEY ("delivery_id") REFERENCES "callback_deliveries"("id") ON DELETE CASCADE ON UPDATE CASCADE;

