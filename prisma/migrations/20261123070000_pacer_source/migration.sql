-- CreateTable
CREATE TABLE "pacer_sessions" (
    "login_id" TEXT NOT NULL,
    "token" TEXT,
    "obtained_at" TIMESTAMPTZ(3),
    "login_holder" TEXT,
    "login_until" TIMESTAMPTZ(3),
    "last_attempt_at" TIMESTAMPTZ(3),
    "failures" INTEGER NOT NULL DEFAULT 0,
    "blocked_until" TIMESTAMPTZ(3),
    "last_error" TEXT,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "pacer_sessions_pkey" PRIMARY KEY ("login_id")
);

-- CreateTable
CREATE TABLE "pacer_cases" (
    "court_code" TEXT NOT NULL,
    "case_id" TEXT NOT NULL,
    "pacer_case_id" TEXT NOT NULL,
    "listed_number" TEXT NOT NULL,
    "changed_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "pacer_cases_pkey" PRIMARY KEY ("court_code","case_id")
);

-- CreateTable
CREATE TABLE "pacer_fees" (
    "id" BIGSERIAL NOT NULL,
    "at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "court_code" TEXT NOT NULL,
    "case_id" TEXT,
    "kind" TEXT NOT NULL,
    "bytes" INTEGER NOT NULL,
    "billed_pages" INTEGER NOT NULL,
    "cost_cents" INTEGER NOT NULL,
    "cause" TEXT,

    CONSTRAINT "pacer_fees_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "pacer_feeds" (
    "court_code" TEXT NOT NULL,
    "entry_types" TEXT,
    "last_polled_at" TIMESTAMPTZ(3),
    "ok_since" TIMESTAMPTZ(3),
    "last_error" TEXT,
    "newest_item_at" TIMESTAMPTZ(3),
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "pacer_feeds_pkey" PRIMARY KEY ("court_code")
);

-- CreateIndex
CREATE INDEX "pacer_cases_court_code_pacer_case_id_idx" ON "pacer_cases"("court_code", "pacer_case_id");

-- CreateIndex
CREATE INDEX "pacer_fees_at_idx" ON "pacer_fees"("at");

-- CreateIndex
CREATE INDEX "pacer_fees_court_code_at_idx" ON "pacer_fees"("court_code", "at");

-- CreateIndex
CREATE INDEX "pacer_fees_cause_idx" ON "pacer_fees"("cause");

