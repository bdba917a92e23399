import { sql, type SQL } from 'drizzle-orm';
import { PLACE_CELL_ROW, PLACE_CELLS_PER_DEGREE } from '../db/schema/workers';
import type { SearchPlace } from './place-lookup';

/**
 * Distances and radius filters on the map, shared by everything that finds things near a place
 * (worker search, the job board, job alerts). Tables that are searched by radius keep their
 * point as `latitude` and `longitude` and the grid cell of it as `place_cell` (the expression of
 * `worker_profiles.place_cell`, see schema/workers.ts).
 */

export function placePoint(place: Pick<SearchPlace, 'latitude' | 'longitude'>): SQL {
  return sql`ll_to_earth(${place.latitude}::float8, ${place.longitude}::float8)`;
}

/** The radius of earthdistance's sphere (its `earth()`), in metres. */
export const EARTH_RADIUS_METRES = 6_378_168;

/**
 * The latitudes and longitudes of every point within `km` of the place: a little larger than
 * the circle, never smaller.
 */
export function boundingBox(place: Pick<SearchPlace, 'latitude' | 'longitude'>, km: number) {
  const angle = (km * 1000) / EARTH_RADIUS_METRES;
  const latitude = (place.latitude * Math.PI) / 180;
  const degrees = (radians: number) => (radians * 180) / Math.PI + 1e-9;
  const latitudeSpan = degrees(angle);
  const longitudeSpan = Math.abs(latitude) + angle >= Math.PI / 2 ? 180 : degrees(Math.asin(Math.sin(angle) / Math.cos(latitude)));
  return {
    south: place.latitude - latitudeSpan,
    north: place.latitude + latitudeSpan,
    west: place.longitude - longitudeSpan,
    east: place.longitude + longitudeSpan,
  };
}

/** More cells than this (a radius of a few hundred km) narrow nothing: the box alone is used. */
const MAX_PLACE_CELLS = 2_000;

/** The grid cells (`place_cell`) that cover a bounding box. */
export function placeCells(box: ReturnType<typeof boundingBox>): number[] | null {
  const cell = (degrees: number) => Math.floor(degrees * PLACE_CELLS_PER_DEGREE);
  const [south, north, west, east] = [cell(box.south), cell(box.north), cell(box.west), cell(box.east)];
  if ((north - south + 1) * (east - west + 1) > MAX_PLACE_CELLS) return null;
  const cells: number[] = [];
  for (let row = south; row <= north; row += 1) {
    for (let column = west; column <= east; column += 1) {
      cells.push((row + 90 * PLACE_CELLS_PER_DEGREE) * PLACE_CELL_ROW + column + 180 * PLACE_CELLS_PER_DEGREE);
    }
  }
  return cells;
}

/** Great-circle metres between two points on earthdistance's sphere (as `earth_distance` measures). */
export function metresBetween(a: Pick<SearchPlace, 'latitude' | 'longitude'>, b: Pick<SearchPlace, 'latitude' | 'longitude'>): number {
  const radians = (degrees: number) => (degrees * Math.PI) / 180;
  const dLat = radians(b.latitude - a.latitude);
  const dLon = radians(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.latitude)) * Math.cos(radians(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_METRES * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The latitudes and longitudes a grid cell (`place_cell`) spans. */
export function cellBounds(cell: number) {
  const row = Math.floor(cell / PLACE_CELL_ROW) - 90 * PLACE_CELLS_PER_DEGREE;
  const column = (cell % PLACE_CELL_ROW) - 180 * PLACE_CELLS_PER_DEGREE;
  return {
    south: row / PLACE_CELLS_PER_DEGREE,
    north: (row + 1) / PLACE_CELLS_PER_DEGREE,
    west: column / PLACE_CELLS_PER_DEGREE,
    east: (column + 1) / PLACE_CELLS_PER_DEGREE,
  };
}

/** The least distance from the place to any point of a grid cell, 500 m less for rounding and the grid's edges. */
export function nearestMetresToCell(place: Pick<SearchPlace, 'latitude' | 'longitude'>, cell: number): number {
  const { south, north, west, east } = cellBounds(cell);
  const clamp = (value: number, low: number, high: number) => Math.min(Math.max(value, low), high);
  const nearest = { latitude: clamp(place.latitude, south, north), longitude: clamp(place.longitude, west, east) };
  return Math.max(0, metresBetween(place, nearest) - INSIDE_MARGIN_METRES);
}

/** Taken off a radius before a cell counts as inside it, for rounding and the grid's edges. */
const INSIDE_MARGIN_METRES = 500;

/**
 * The cells wholly inside `km` of the place: every corner within the radius (less a margin). A
 * cell is a fraction of a degree, so no point of it is further from the place than its corners.
 */
export function cellsInside(place: Pick<SearchPlace, 'latitude' | 'longitude'>, km: number, cells: readonly number[]): number[] {
  const reach = km * 1000 - INSIDE_MARGIN_METRES;
  return cells.filter((cell) => {
    const { south, north, west, east } = cellBounds(cell);
    return [
      { latitude: south, longitude: west },
      { latitude: south, longitude: east },
      { latitude: north, longitude: west },
      { latitude: north, longitude: east },
    ].every((corner) => metresBetween(place, corner) <= reach);
  });
}

/** The columns of a table searched by radius, qualified by the query's alias (e.g. `wp.latitude`). */
export interface PlaceColumns {
  latitude: SQL;
  longitude: SQL;
  placeCell: SQL;
}

/** The point of a row: exactly the expression of the table's GiST index on `ll_to_earth(latitude, longitude)`. */
export function rowPoint(columns: Pick<PlaceColumns, 'latitude' | 'longitude'>): SQL {
  return sql`ll_to_earth(${columns.latitude}, ${columns.longitude})`;
}

/**
 * Inside `km` of the place: the grid cells around it (a btree on `place_cell`, whose statistics
 * tell the planner how many rows each cell holds), the bounding box, then the exact great-circle
 * distance. Not `earth_box(...) @> ll_to_earth(...)` on the GiST index: PostgreSQL estimates every
 * cube containment at 0.1% of the rows, so with earth_box the planner read every row in the box
 * rather than combine it with a more selective index (see features/search/search-filters.ts).
 * `box: false` leaves the box out when there are cells: it rejects a few rows cheaply, but the
 * planner multiplies its two ranges into the cells' estimate and guesses far too few rows.
 */
export function withinKmOf(
  place: Pick<SearchPlace, 'latitude' | 'longitude'>,
  km: number,
  columns: PlaceColumns,
  options: { box?: boolean; skipInsideCells?: boolean } = {},
): SQL[] {
  const box = boundingBox(place, km);
  const cells = placeCells(box);
  const withBox = options.box ?? true;
  const distance = sql`earth_distance(${placePoint(place)}, ${rowPoint(columns)}) <= ${km * 1000}::float8`;
  const inside = cells && options.skipInsideCells ? cellsInside(place, km, cells) : [];
  return [
    ...(cells ? [sql`${columns.placeCell} = any(${`{${cells.join(',')}}`}::int[])`] : []),
    ...(withBox || !cells
      ? [
          sql`${columns.latitude} between ${box.south}::float8 and ${box.north}::float8`,
          sql`${columns.longitude} between ${box.west}::float8 and ${box.east}::float8`,
        ]
      : []),
    // The exact distance costs some microseconds a row (earthdistance's functions): rows in cells
    // wholly inside the radius need no check.
    inside.length > 0 ? sql`(${columns.placeCell} = any(${`{${inside.join(',')}}`}::int[]) or ${distance})` : distance,
  ];
}

/**
 * A point as earthdistance's `ll_to_earth(latitude, longitude)` makes it: a cube point on its
 * sphere, in metres, computed with the same operations in the same order.
 */
export interface EarthPoint {
  x: number;
  y: number;
  z: number;
}

/** Degrees to radians as PostgreSQL's `radians()` (its RADIANS_PER_DEGREE is this double). */
const RADIANS_PER_DEGREE = Math.PI / 180;

export function earthPoint(latitude: number, longitude: number): EarthPoint {
  const lat = latitude * RADIANS_PER_DEGREE;
  const lon = longitude * RADIANS_PER_DEGREE;
  return {
    x: EARTH_RADIUS_METRES * Math.cos(lat) * Math.cos(lon),
    y: EARTH_RADIUS_METRES * Math.cos(lat) * Math.sin(lon),
    z: EARTH_RADIUS_METRES * Math.sin(lat),
  };
}

/**
 * `earth_distance(a, b)`: the straight-line distance between the cube points (`cube_distance`)
 * turned into the great-circle distance (`sec_to_gc`). Math's sine, cosine and arcsine here may
 * differ from the C library's in the last bit, so a distance can differ from the database's by
 * about 1e-9 m: callers treat a distance that close to a limit as undecided.
 */
export function earthDistance(a: EarthPoint, b: EarthPoint): number {
  const dx = a.x - b.x;
  const dy = a.y - b.y;
  const dz = a.z - b.z;
  const chord = Math.sqrt(dx * dx + dy * dy + dz * dz);
  if (chord / (2 * EARTH_RADIUS_METRES) > 1) return Math.PI * EARTH_RADIUS_METRES;
  return 2 * EARTH_RADIUS_METRES * Math.asin(chord / (2 * EARTH_RADIUS_METRES));
}

/** The squared straight-line distance between two points: `earthDistance` grows with it, and it costs no arcsine. */
export function squaredChord(a: EarthPoint, b: EarthPoint): number {
  const dx = a.x - b.x;
  const dy = a.y - b.y;
  const dz = a.z - b.z;
  return dx * dx + dy * dy + dz * dz;
}

/** The squared chord of a great-circle distance in metres (`earthDistance` turned round). */
export function squaredChordOf(metres: number): number {
  const chord = 2 * EARTH_RADIUS_METRES * Math.sin(metres / (2 * EARTH_RADIUS_METRES));
  return chord * chord;
}

/** How close to a limit a distance computed here is too close to call (see `earthDistance`). */
export const UNDECIDED_METRES = 1e-6;
