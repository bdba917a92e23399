import { capitalise } from '@tendly/domain/format';

/**
 * Suburb names come upper-case in the postcode data set; Australia Post shows them in
 * title case ("BONDI JUNCTION" → "Bondi Junction", "MCMAHONS POINT" → "McMahons Point",
 * "O'CONNOR" → "O'Connor", "SYDNEY SOUTH DC" keeps the mail-centre suffix upper-case).
 */
const upperCaseWords = new Set(['DC', 'BC', 'MC', 'PO', 'MSC', 'GPO', 'LPO', 'RAAF', 'HMAS', 'ANU', 'UNSW', 'CBD', 'RSL']);

export function toSuburbTitleCase(name: string): string {
  return name
    .replace(/\u2019/g, "'")
    .trim()
    .replace(/\s+/g, ' ')
    .split(/([ \-(])/)
    .map(titleCaseWord)
    .join('');
}

function titleCaseWord(word: string): string {
  const upper = word.toUpperCase();
  if (upperCaseWords.has(upper)) return upper;
  const lower = word.toLowerCase();
  if (/^mc[a-z]/.test(lower)) return 'Mc' + capitalise(lower.slice(2));
  if (/^[od]'[a-z]/.test(lower)) return lower.charAt(0).toUpperCase() + "'" + capitalise(lower.slice(2));
  return capitalise(lower);
}
