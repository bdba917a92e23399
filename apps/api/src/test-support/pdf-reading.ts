import { extractText, getDocumentProxy } from 'unpdf';
import { expect } from 'vitest';

/**
 * What a reader (pdf.js, through unpdf) finds in a PDF of ours: its text, its info, and whether it
 * is tagged for screen readers, with the roles of its structure tree and the text as typed of each
 * element that has one (ActualText: how a right-to-left name is read).
 */
export interface PdfReading {
  readonly text: string;
  readonly title: string | undefined;
  readonly language: string | undefined;
  readonly displaysTitle: boolean;
  readonly isTagged: boolean;
  readonly pageCount: number;
  /** Every structure element's role, in reading order ("Document", "H1", "P", "Table", "TR", "TH", "TD", "Span"). */
  readonly roles: readonly string[];
  readonly actualTexts: readonly string[];
}

/** Names in scripts PDFKit's built-in Helvetica cannot draw: Chinese, Vietnamese and Arabic. */
export const namesInManyScripts = {
  chinese: { firstName: '海伦', lastName: 'Nguyễn', fullName: '海伦 Nguyễn' },
  vietnamese: { firstName: 'Trần', lastName: 'Thị Ngọc Ánh', fullName: 'Trần Thị Ngọc Ánh' },
  arabic: { firstName: 'فاطمة', lastName: 'الزهراء', fullName: 'فاطمة الزهراء' },
} as const;

interface StructNode {
  role?: string;
  alt?: string;
  children?: StructNode[];
}

function walk(node: StructNode, roles: string[], actualTexts: string[]): void {
  if (node.role && node.role !== 'Root') roles.push(node.role);
  if (node.alt) actualTexts.push(node.alt);
  for (const child of node.children ?? []) walk(child, roles, actualTexts);
}

export async function readPdf(bytes: Uint8Array): Promise<PdfReading> {
  const data = new Uint8Array(bytes);
  const { text } = await extractText(new Uint8Array(data), { mergePages: true });
  const pdf = await getDocumentProxy(data);
  const { info } = (await pdf.getMetadata()) as { info: { Title?: string; Language?: string } };
  const markInfo = await pdf.getMarkInfo();
  const preferences = (await pdf.getViewerPreferences()) as { DisplayDocTitle?: boolean } | null;
  const roles: string[] = [];
  const actualTexts: string[] = [];
  for (let number = 1; number <= pdf.numPages; number += 1) {
    const tree = (await (await pdf.getPage(number)).getStructTree()) as StructNode | null;
    if (tree) walk(tree, roles, actualTexts);
  }
  return {
    text,
    title: info.Title,
    language: info.Language,
    displaysTitle: preferences?.DisplayDocTitle === true,
    isTagged: markInfo?.Marked === true,
    pageCount: pdf.numPages,
    roles,
    actualTexts,
  };
}

/**
 * A PDF that screen readers can use: tagged, in Australian English, its title shown in the
 * window's title bar, with a heading and paragraphs.
 */
export function expectAccessiblePdf(reading: PdfReading, title: string): void {
  expect(reading.isTagged).toBe(true);
  expect(reading.language).toBe('en-AU');
  expect(reading.title).toBe(title);
  expect(reading.displaysTitle).toBe(true);
  expect(reading.roles[0]).toBe('Document');
  expect(reading.roles).toContain('H1');
  expect(reading.roles).toContain('P');
}
