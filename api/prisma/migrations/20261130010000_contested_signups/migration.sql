-- Pre-hijacking (docs/ARCHITECTURE.md, "Accounts"): an unverified address signed up again with another password is
-- contested; its verification keeps neither password and mails a link to choose one instead.
ALTER TABLE "Admin" ADD COLUMN "signupContested" BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE "Learner" ADD COLUMN "signupContested" BOOLEAN NOT NULL DEFAULT false;
