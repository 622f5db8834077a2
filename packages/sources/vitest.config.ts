export { default } from '../../vitest.shared';
