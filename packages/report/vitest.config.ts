import { mergeConfig } from 'vitest/config';
import shared from '../../vitest.shared.mjs';
import { viteBrowserScript } from './scripts/browser-script.mjs';

// the page's chart module imported as a bundled script, as the build does (scripts/browser-script.mjs)
export default mergeConfig(shared, { plugins: [viteBrowserScript] });
