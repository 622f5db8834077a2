// `node --import tsx --import ./scripts/browser-script-register.mjs file.ts`: `?script` imports work
// when the package runs from its TypeScript sources (see browser-script.mjs).
import { register } from 'node:module';

register('./browser-script.mjs', import.meta.url);
