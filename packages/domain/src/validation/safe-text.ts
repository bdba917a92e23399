import { z } from 'zod';

/**
 * Text that can be stored (issue 10). PostgreSQL cannot store the NUL character in text or JSON
 * (it answers an error), and a lone UTF-16 surrogate (half of an emoji, from a text cut in the
 * wrong place or sent on purpose) is either refused or silently turned into "�" on the way in.
 * Other control characters are invisible, can break emails and exports, and are never typed on
 * purpose. Every text field of every request is checked with these, so such input is a 400 with
 * a field message instead of a 500 or damaged data.
 *
 * - A single-line field (a name, a suburb, a search) accepts no control character at all.
 * - A multi-line field (a message, a description) also accepts tab, line feed and carriage return.
 */

export const UNSAFE_TEXT_MESSAGE =
  'Remove the invisible or broken characters from this text: they are often copied in with text from another program.';

export type TextLines = 'single' | 'multi';

const TAB = 0x09;
const LINE_FEED = 0x0a;
const CARRIAGE_RETURN = 0x0d;

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}

/**
 * Whether a text is safe to store: no C0 control character (U+0000 to U+001F; a multi-line text
 * may have tab, LF and CR) and no lone surrogate. A loop rather than a regular expression: the
 * lookbehind a lone-surrogate pattern needs, and `String.prototype.isWellFormed`, are missing from
 * some browsers the web app supports.
 */
export function isSafeText(text: string, lines: TextLines = 'single'): boolean {
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code < 0x20) {
      const isLineBreakOrTab = code === TAB || code === LINE_FEED || code === CARRIAGE_RETURN;
      if (lines === 'single' || !isLineBreakOrTab) return false;
    } else if (isHighSurrogate(code)) {
      if (!isLowSurrogate(text.charCodeAt(index + 1))) return false;
      index += 1;
    } else if (isLowSurrogate(code)) {
      return false;
    }
  }
  return true;
}

/** The check, for a string schema: `z.string().check(safeText())`, or `safeText('multi')` for a message. */
export function safeText(lines: TextLines = 'single') {
  return z.refine<string>((text) => isSafeText(text, lines), { error: UNSAFE_TEXT_MESSAGE });
}

/**
 * A text path or query parameter (an id, a code, a kind): any string that is safe to store.
 * What it must look like beyond that is the service's business (an unknown id is a 404).
 */
export const safeParam = z.string().check(safeText());
