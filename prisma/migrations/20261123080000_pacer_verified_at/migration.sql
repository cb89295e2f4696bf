-- AlterTable
ALTER TABLE "pacer_cases" ADD COLUMN     "verified_at" TIMESTAMPTZ(3);
