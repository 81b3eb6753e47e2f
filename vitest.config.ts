import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.{ts,tsx}'],
    environment: 'node',
    // scrypt at OWASP cost takes ~0.3 s a hash; a login test does a few.
    testTimeout: 20_000,
    // A server test's beforeAll builds an app (every migration and seed on a fresh SQLite file): seconds on a busy machine.
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
