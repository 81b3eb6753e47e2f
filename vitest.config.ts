import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.{ts,tsx}'],
    environment: 'node',
    // scrypt at OWASP cost takes ~0.3 s a hash; a login test does a few.
    testTimeout: 20_000,
    pool: 'forks',
  },
});
