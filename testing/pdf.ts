import { extractText, getDocumentProxy } from "unpdf";

/** A PDF's text, its pages merged and each run of white space made one space (pdf.js reads a copy of the bytes). */
export async function pdfText(bytes: ArrayBuffer | Uint8Array) {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes).slice()), { mergePages: true });
  return text.replace(/\s+/g, " ");
}
