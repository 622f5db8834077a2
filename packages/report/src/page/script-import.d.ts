/** `import script from './browser/main.js?script'`: that file bundled for the browser, as text (scripts/browser-script.mjs). */
declare module '*?script' {
  const script: string;
  export default script;
}
