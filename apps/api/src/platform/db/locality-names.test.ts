import { describe, expect, it } from 'vitest';
import { toSuburbTitleCase } from './locality-names';

describe('toSuburbTitleCase', () => {
  it.each([
    ['BONDI JUNCTION', 'Bondi Junction'],
    ['MCMAHONS POINT', 'McMahons Point'],
    ['MACQUARIE PARK', 'Macquarie Park'],
    ["O'CONNOR", "O'Connor"],
    ['O\u2019MALLEY', "O'Malley"],
    ["STUN'SAIL BOOM", "Stun'sail Boom"],
    ['BRIGHTON-LE-SANDS', 'Brighton-Le-Sands'],
    ['ERNABELLA (PUKATJA)', 'Ernabella (Pukatja)'],
    ['SYDNEY SOUTH DC', 'Sydney South DC'],
    ['ANU', 'ANU'],
  ])('writes %s as %s', (raw, expected) => {
    expect(toSuburbTitleCase(raw)).toBe(expected);
  });
});
