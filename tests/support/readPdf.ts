import { getDocument, OPS } from 'pdfjs-dist/legacy/build/pdf.mjs';

/**
 * A PDF read back with pdf.js: the text of every page as one string (spaces collapsed) and the
 * number of images drawn. pdfmake writes a word broken after a hyphen as two runs ("ML-" "PO-1"),
 * joined back here.
 */
export async function readPdf(bytes: Uint8Array): Promise<{ pages: number; text: string; images: number }> {
  const document = await getDocument({ data: new Uint8Array(bytes), isEvalSupported: false, disableFontFace: true, useSystemFonts: false }).promise;
  let text = '';
  let images = 0;
  for (let number = 1; number <= document.numPages; number++) {
    const page = await document.getPage(number);
    const content = await page.getTextContent();
    text += `${content.items.map((item) => ('str' in item ? item.str : '')).join(' ')}\n`;
    images += (await page.getOperatorList()).fnArray.filter((op) => op === OPS.paintImageXObject || op === OPS.paintInlineImageXObject).length;
  }
  const pages = document.numPages;
  await document.destroy();
  return { pages, text: text.replace(/\s+/g, ' ').replace(/(\w)- (?=\w)/g, '$1-'), images };
}
