import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/index.ts',
  out: './src/db/migrations',
  // Timestamp prefixes, so migrations generated on two branches never take the same number.
  migrations: { prefix: 'timestamp' },
});
