// Reads a PDF back as a reader's viewer shows it, for the suites of the invoice and receipt PDFs:
// pdf.js (its legacy build, the one for Node) extracts the text of every page. Runs of white
// space (line ends, the non-breaking space in "kr 1 234,00") are read as one space.
export interface PdfContent {
  readonly pages: number;
  /** The text of every page, in reading order, its white space as single spaces. */
  readonly text: string;
  /** The document's metadata (Title, Author, …). */
  readonly info: Record<string, unknown>;
}

export async function readPdf(content: Buffer | Uint8Array): Promise<PdfContent> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const task = getDocument({
    data: new Uint8Array(content),
    useSystemFonts: false,
    verbosity: 0,
  });
  try {
    const pdf = await task.promise;
    const texts: string[] = [];
    for (let number = 1; number <= pdf.numPages; number += 1) {
      const page = await pdf.getPage(number);
      const { items } = await page.getTextContent();
      texts.push(items.map((item) => ('str' in item ? item.str : '')).join(' '));
    }
    const { info } = await pdf.getMetadata();
    return {
      pages: pdf.numPages,
      text: texts.join(' ').replace(/\s+/gu, ' ').trim(),
      info: info as Record<string, unknown>,
    };
  } finally {
    await task.destroy();
  }
}
