// The mails themselves are templates in domain/mails/ (docs/ARCHITECTURE.md, "Mail templates"); the escaping and the
// greeting rule stay importable from here.
export { escapeHtml, greeting } from "../mails/compose.ts";
