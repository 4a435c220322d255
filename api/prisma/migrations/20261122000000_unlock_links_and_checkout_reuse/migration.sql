-- Single-use links mailed to the owner of a locked account
ALTER TYPE "EmailCodePurpose" ADD VALUE 'UNLOCK_ACCOUNT';

-- A card checkout's payment page, handed out again while its invoice is pending (one open checkout per learner and track)
ALTER TABLE "Invoice" ADD COLUMN "authorizationUrl" TEXT;
