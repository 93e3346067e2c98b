/**
 * Modules every workflow imports and none changes, evaluated once per worker thread instead of once per workflow
 * (the SDK's preloadModules, set by scripts/bundle-workflows.ts): zod, which the contracts' and the operations' schemas
 * are built with. The SDK freezes what is preloaded, so zod's one-time set-up (its default locale and memoizer, made
 * when the first schema is built) happens here, before the freeze; each workflow still builds its own schemas.
 * The schema also keeps the bundler from dropping the import (zod declares itself free of side effects).
 */
import { z } from 'zod';

export const firstSchema = z.object({ preloaded: z.boolean() });
