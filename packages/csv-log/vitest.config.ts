import { defineConfig, mergeConfig } from 'vitest/config';
import shared from '../../vitest.shared.mjs';

// Child-process tests run plain `node` on small .mjs scripts, which import a fresh ESM build of src/.
export default mergeConfig(shared, defineConfig({ test: { globalSetup: ['test/build-for-children.ts'] } }));
