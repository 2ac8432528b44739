import { defineConfig } from 'drizzle-kit';

/** `npx drizzle-kit generate` (in apps/server) writes SQL migrations to ./drizzle; they are checked in. */
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/index.ts',
  out: './drizzle',
});
