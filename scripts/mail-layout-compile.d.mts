/** The generated layout module's text (scripts/mail-layout-compile.mjs). */
export function compileLayout(): Promise<string>;
