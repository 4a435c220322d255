-- A sign-up's own password travels with its verification code, found again by a token the browser that signed up
-- keeps (docs/ARCHITECTURE.md, "Accounts"): a contested address verified from that browser keeps that password.
ALTER TABLE "EmailCode" ADD COLUMN "registrationHash" TEXT;
ALTER TABLE "EmailCode" ADD COLUMN "passwordHash" TEXT;
