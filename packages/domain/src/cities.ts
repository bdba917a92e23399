import type { StateCode } from './states';

/**
 * The capital cities and the other major cities (the ABS's Significant Urban Areas of over
 * 100,000 people that lie in one state), with the state each is in. People write a city beside a
 * suburb to say which suburb they mean: "Carlton, Melbourne" is the Carlton in Victoria, not the
 * one in New South Wales. Albury–Wodonga is left out: it straddles a border and settles nothing.
 */
export interface MajorCity {
  readonly name: string;
  readonly state: StateCode;
  /** Other names people write for it. */
  readonly otherNames?: readonly string[];
}

export const majorCities: readonly MajorCity[] = [
  { name: 'Sydney', state: 'NSW', otherNames: ['Greater Sydney'] },
  { name: 'Melbourne', state: 'VIC', otherNames: ['Greater Melbourne'] },
  { name: 'Brisbane', state: 'QLD', otherNames: ['Greater Brisbane', 'Brissie'] },
  { name: 'Perth', state: 'WA', otherNames: ['Greater Perth'] },
  { name: 'Adelaide', state: 'SA', otherNames: ['Greater Adelaide'] },
  { name: 'Hobart', state: 'TAS' },
  { name: 'Canberra', state: 'ACT' },
  { name: 'Darwin', state: 'NT' },
  { name: 'Gold Coast', state: 'QLD' },
  { name: 'Newcastle', state: 'NSW' },
  { name: 'Sunshine Coast', state: 'QLD' },
  { name: 'Central Coast', state: 'NSW' },
  { name: 'Wollongong', state: 'NSW', otherNames: ['Illawarra'] },
  { name: 'Geelong', state: 'VIC' },
  { name: 'Townsville', state: 'QLD' },
  { name: 'Cairns', state: 'QLD' },
  { name: 'Toowoomba', state: 'QLD' },
  { name: 'Ballarat', state: 'VIC' },
  { name: 'Bendigo', state: 'VIC' },
  { name: 'Launceston', state: 'TAS' },
  { name: 'Mackay', state: 'QLD' },
];

const cityStates: ReadonlyMap<string, StateCode> = new Map(
  majorCities.flatMap((city) => [city.name, ...(city.otherNames ?? [])].map((name) => [name.toLowerCase(), city.state] as const)),
);

/** The state of a major city named in free text, any case and spacing; undefined when it is none. */
export function stateOfCity(text: string): StateCode | undefined {
  return cityStates.get(text.trim().replace(/\s+/g, ' ').toLowerCase());
}
