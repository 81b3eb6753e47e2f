// npm run build: dependencies if missing, then the client and the server bundles.
import { build, ensureDependencies } from './lib.mjs';

ensureDependencies();
await build();
