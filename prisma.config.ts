import { defineConfig } from "prisma/config";

// Migrations are applied by the project's own migrator (api/src/db/migrate.ts); this config serves `prisma generate`
// and, where Prisma's schema engine is installed, `prisma migrate status/deploy`.
export default defineConfig({
  schema: "api/prisma/schema.prisma",
  migrations: { path: "api/prisma/migrations" },
  datasource: { url: process.env.DATABASE_URL ?? "postgresql://localhost/unused" },
});
