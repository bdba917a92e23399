import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { inflateSync } from 'node:zlib';
import type * as fontkit from 'fontkit';
import { pdfLibraries } from './load-pdf-libraries';

/**
 * The typefaces every PDF of ours is drawn in: Noto Sans for Latin (Vietnamese included), Greek and
 * Cyrillic, Noto Sans Arabic, and Noto Sans SC for Chinese (its files cover the whole of the CJK
 * Unified Ideographs block, so most Traditional characters too). PDFKit's built-in Helvetica has
 * none of "海伦 Nguyễn" or "فاطمة".
 *
 * The fonts come from the Fontsource npm packages, which split each typeface into files by Unicode
 * range (named in the package's unicode.json), as browsers load them. Each file is read and parsed
 * once per process, the first time a character it holds is drawn; PDFKit then embeds in each
 * document only the glyphs that document uses. The WOFF files are used rather than WOFF2: fontkit
 * cannot subset a WOFF2 font's transformed glyph table, and PDF readers then find no glyphs.
 */

export type PdfWeight = 'regular' | 'bold';

/** A font file to draw with: the parsed font and the name a document registers it under. */
export interface PdfFace {
  readonly key: string;
  readonly weight: PdfWeight;
  readonly font: fontkit.Font;
}

interface Family {
  /** The npm package and the prefix of its file names. */
  readonly packageName: string;
  readonly filePrefix: string;
  /** Whether letters are drawn as the font's precomposed glyphs (see `withPrecomposedLetters`). */
  readonly keepsLettersWhole: boolean;
}

/** In the order tried for each character: the first whose file has a glyph for it draws it. */
const families: readonly Family[] = [
  { packageName: '@fontsource/noto-sans', filePrefix: 'noto-sans', keepsLettersWhole: true },
  // Arabic needs its glyph composition: its joining forms are built from a dotless letter and its dots.
  { packageName: '@fontsource/noto-sans-arabic', filePrefix: 'noto-sans-arabic', keepsLettersWhole: false },
  { packageName: '@fontsource/noto-sans-sc', filePrefix: 'noto-sans-sc', keepsLettersWhole: true },
];

const weightNumbers: Record<PdfWeight, number> = { regular: 400, bold: 700 };

interface Subset {
  /** The file's subset name: "latin", "vietnamese", "arabic" or a Chinese slice's number ("117"). */
  readonly name: string;
  readonly ranges: readonly (readonly [number, number])[];
}

interface LoadedFamily {
  readonly directory: string;
  readonly subsets: readonly Subset[];
}

// Not named `require`: the API's bundle (build.mjs) declares that at its top.
const packageFiles = createRequire(import.meta.url);
const loadedFamilies = new Map<string, LoadedFamily>();
const faces = new Map<string, PdfFace>();
const faceByCharacter: Record<PdfWeight, Map<number, PdfFace | null>> = { regular: new Map(), bold: new Map() };

/** "U+0100-02BA,U+1E00" as code point ranges. */
function parseUnicodeRange(text: string): [number, number][] {
  return text.split(',').map((part) => {
    const [low, high] = part.trim().replace(/^U\+/i, '').split('-');
    const start = parseInt(low!, 16);
    return [start, high === undefined ? start : parseInt(high, 16)];
  });
}

function familyFiles(family: Family): LoadedFamily {
  let loaded = loadedFamilies.get(family.packageName);
  if (!loaded) {
    const directory = dirname(packageFiles.resolve(`${family.packageName}/package.json`));
    const unicode = JSON.parse(readFileSync(join(directory, 'unicode.json'), 'utf8')) as Record<string, string>;
    // A Chinese slice is named "[117]" in unicode.json and "117" in its file's name.
    const subsets = Object.entries(unicode).map(([name, range]) => ({ name: name.replace(/^\[(\d+)\]$/, '$1'), ranges: parseUnicodeRange(range) }));
    loaded = { directory, subsets };
    loadedFamilies.set(family.packageName, loaded);
  }
  return loaded;
}

/**
 * Noto Sans's glyph composition feature (ccmp) draws a precomposed letter such as "ị" as its base
 * and a separate mark. PDFKit maps each glyph back to the characters it draws, and the mark maps to
 * none, so a reader copying the text gets a stray control character ("Thị\u0003"). The font's
 * precomposed glyphs look the same, so its text is laid out without ccmp.
 */
function withPrecomposedLetters(font: fontkit.Font): fontkit.Font {
  const layout: fontkit.Font['layout'] = (text, features, ...rest) => {
    const requested = Array.isArray(features) ? Object.fromEntries(features.map((feature) => [feature, true])) : features;
    return font.layout(text, { ...requested, ccmp: false }, ...rest);
  };
  // The font itself with another layout: everything else PDFKit asks of it is the font's own.
  return Object.create(font, { layout: { value: layout } }) as fontkit.Font;
}

/**
 * A WOFF font file unpacked into the TrueType (sfnt) file it wraps (W3C WOFF 1.0, sections 3 to 5:
 * a header, a directory of tables, each table zlib-compressed or stored). fontkit reads WOFF, but
 * inflates a table again each time it reads from it, once a glyph when PDFKit subsets the font: a
 * PDF took 100 to 400 ms more to draw. No well-kept npm package does this unpacking.
 */
function woffToSfnt(woff: Buffer): Buffer {
  if (woff.toString('latin1', 0, 4) !== 'wOFF') throw new Error('Not a WOFF font');
  const numTables = woff.readUInt16BE(12);
  const tables = Array.from({ length: numTables }, (_, index) => {
    const entry = 44 + index * 20;
    const [offset, compressedLength, length] = [woff.readUInt32BE(entry + 4), woff.readUInt32BE(entry + 8), woff.readUInt32BE(entry + 12)];
    const stored = woff.subarray(offset, offset + compressedLength);
    return { tag: woff.readUInt32BE(entry), checksum: woff.readUInt32BE(entry + 16), data: compressedLength < length ? inflateSync(stored) : stored };
  });
  const power = 2 ** Math.floor(Math.log2(numTables));
  const header = Buffer.alloc(12 + numTables * 16);
  header.writeUInt32BE(woff.readUInt32BE(4), 0);
  header.writeUInt16BE(numTables, 4);
  header.writeUInt16BE(power * 16, 6);
  header.writeUInt16BE(Math.log2(power), 8);
  header.writeUInt16BE(numTables * 16 - power * 16, 10);
  const parts: Buffer[] = [header];
  let offset = header.length;
  tables.forEach((table, index) => {
    const record = 12 + index * 16;
    header.writeUInt32BE(table.tag, record);
    header.writeUInt32BE(table.checksum, record + 4);
    header.writeUInt32BE(offset, record + 8);
    header.writeUInt32BE(table.data.length, record + 12);
    // Each table starts on a four-byte boundary.
    const padded = Buffer.alloc(Math.ceil(table.data.length / 4) * 4);
    table.data.copy(padded);
    parts.push(padded);
    offset += padded.length;
  });
  return Buffer.concat(parts);
}

function faceOf(family: Family, subset: string, weight: PdfWeight): PdfFace {
  const key = `${family.filePrefix}-${subset}-${weightNumbers[weight]}`;
  let face = faces.get(key);
  if (!face) {
    const file = join(familyFiles(family).directory, 'files', `${key}-normal.woff`);
    const font = pdfLibraries().fontkit.create(woffToSfnt(readFileSync(file)));
    if (!('layout' in font)) throw new Error(`${file} is a font collection, not one font`);
    face = { key, weight, font: family.keepsLettersWhole ? withPrecomposedLetters(font) : font };
    faces.set(key, face);
  }
  return face;
}

/** The face that Latin text and spaces are drawn in, and the last resort for a character no font has. */
export function primaryFace(weight: PdfWeight): PdfFace {
  return faceOf(families[0]!, 'latin', weight);
}

/**
 * The face that draws a character: the first family whose file for the range holding it has a glyph
 * for it, or null when none has (a rare symbol, an emoji).
 */
export function faceFor(codePoint: number, weight: PdfWeight): PdfFace | null {
  const cached = faceByCharacter[weight].get(codePoint);
  if (cached !== undefined) return cached;
  let found: PdfFace | null = null;
  search: for (const family of families) {
    for (const subset of familyFiles(family).subsets) {
      if (!subset.ranges.some(([start, end]) => codePoint >= start && codePoint <= end)) continue;
      const face = faceOf(family, subset.name, weight);
      if (face.font.hasGlyphForCodePoint(codePoint)) {
        found = face;
        break search;
      }
    }
  }
  faceByCharacter[weight].set(codePoint, found);
  return found;
}
