/**
 * Issue 32: the generated avatars were 13–14 KB each (about 270 KB for a page of 20 workers).
 * Almost all of it is path data drawn on a 1744-unit square to a tenth of a unit. An avatar is
 * shown at most a few hundred device pixels wide, where one unit is under a third of a pixel, so
 * whole units draw the same picture. The rest is markup no viewer needs: the licence metadata
 * (the style is CC0, which asks for no credit), `clip-rule` outside a clip path, empty groups.
 */

/** How many numbers each path command takes (SVG 1.1, 8.3). */
const PARAMETER_COUNTS: Readonly<Record<string, number>> = { m: 2, l: 2, h: 1, v: 1, c: 6, s: 4, q: 4, t: 2, a: 7, z: 0 };
const NUMBER = /[+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?/iy;
const SEPARATORS = /[\s,]*/y;
/** An arc's large-arc and sweep flags: single digits, which may be written with no separator. */
const ARC_FLAG_INDEXES = new Set([3, 4]);

interface Segment {
  command: string;
  args: number[];
}

class PathReader {
  private index = 0;
  constructor(private readonly data: string) {}

  skipSeparators(): void {
    SEPARATORS.lastIndex = this.index;
    SEPARATORS.exec(this.data);
    this.index = SEPARATORS.lastIndex;
  }

  get isDone(): boolean {
    return this.index >= this.data.length;
  }

  /** The command letter here, consumed; or undefined when a number follows (the command repeats). */
  readCommand(): string | undefined {
    const char = this.data[this.index] ?? '';
    if (!/[a-z]/i.test(char)) return undefined;
    this.index += 1;
    return char;
  }

  readNumber(): number {
    this.skipSeparators();
    NUMBER.lastIndex = this.index;
    const match = NUMBER.exec(this.data);
    if (!match) throw new Error(`No number at ${this.index}`);
    this.index = NUMBER.lastIndex;
    return Number(match[0]);
  }

  readFlag(): number {
    this.skipSeparators();
    const char = this.data[this.index];
    if (char !== '0' && char !== '1') throw new Error(`No arc flag at ${this.index}`);
    this.index += 1;
    return Number(char);
  }
}

/** The path's commands, each with its own numbers (a repeated command is written out). */
function parsePath(data: string): Segment[] {
  const reader = new PathReader(data);
  const segments: Segment[] = [];
  let command = '';
  reader.skipSeparators();
  while (!reader.isDone) {
    command = reader.readCommand() ?? command;
    const count = PARAMETER_COUNTS[command.toLowerCase()];
    if (count === undefined) throw new Error(`Unknown path command "${command}"`);
    const args = Array.from({ length: count }, (_, i) => (command.toLowerCase() === 'a' && ARC_FLAG_INDEXES.has(i) ? reader.readFlag() : reader.readNumber()));
    segments.push({ command, args });
    // Numbers after a move are lines (SVG 1.1, 8.3.2); numbers after a close are an error.
    if (command === 'm' || command === 'M') command = command === 'm' ? 'l' : 'L';
    if (command === 'z' || command === 'Z') command = '';
    reader.skipSeparators();
  }
  return segments;
}

/** Writes commands and whole numbers as tightly as SVG allows. */
class PathWriter {
  private text = '';
  private lastCommand = '';

  write(command: string, numbers: number[]): void {
    // A repeated command need not be written again, except a move, whose repeats mean lines.
    const repeats = command === this.lastCommand && command.toLowerCase() !== 'm' && numbers.length > 0;
    if (!repeats) this.text += command;
    for (const [i, value] of numbers.entries()) {
      const number = String(value);
      const followsCommand = i === 0 && !repeats;
      this.text += followsCommand || number.startsWith('-') ? number : ` ${number}`;
    }
    this.lastCommand = command;
  }

  toString(): string {
    return this.text;
  }
}

interface Point {
  x: number;
  y: number;
}

/**
 * The same path in whole units. Each point is rounded where it really is (absolute), then written
 * relative to the rounded point before it, so rounding errors never add up along a path: every
 * point is within half a unit of where it was.
 */
export function roundPathData(data: string): string {
  let segments: Segment[];
  try {
    segments = parsePath(data);
  } catch {
    return data; // Not a path we understand: leave it exactly as drawn.
  }
  const writer = new PathWriter();
  let exact: Point = { x: 0, y: 0 };
  let exactStart = exact;
  let drawn: Point = { x: 0, y: 0 };
  let drawnStart = drawn;

  for (const [index, { command, args }] of segments.entries()) {
    const lower = command.toLowerCase();
    const isRelative = command === lower;
    const absolute = (x: number, y: number): Point => (isRelative ? { x: exact.x + x, y: exact.y + y } : { x, y });
    const rounded = (point: Point): Point => ({ x: Math.round(point.x), y: Math.round(point.y) });
    const fromDrawn = (point: Point): number[] => [point.x - drawn.x, point.y - drawn.y];
    const moveTo = (to: Point, roundedTo: Point) => {
      exact = to;
      drawn = roundedTo;
    };

    if (lower === 'z') {
      writer.write('z', []);
      moveTo(exactStart, drawnStart);
    } else if (lower === 'h' || lower === 'v') {
      const isH = lower === 'h';
      const value = args[0] ?? 0;
      const to = isH ? { x: isRelative ? exact.x + value : value, y: exact.y } : { x: exact.x, y: isRelative ? exact.y + value : value };
      const roundedTo = { x: isH ? Math.round(to.x) : drawn.x, y: isH ? drawn.y : Math.round(to.y) };
      writer.write(lower, [isH ? roundedTo.x - drawn.x : roundedTo.y - drawn.y]);
      moveTo(to, roundedTo);
    } else if (lower === 'a') {
      const [rx = 0, ry = 0, rotation = 0, largeArc = 0, sweep = 0, x = 0, y = 0] = args;
      const to = absolute(x, y);
      const roundedTo = rounded(to);
      // A radius rounded to nothing would turn the arc into a line; one unit keeps it an arc.
      const radius = (r: number) => (r > 0 ? Math.max(1, Math.round(r)) : 0);
      writer.write('a', [radius(rx), radius(ry), Math.round(rotation), largeArc, sweep, ...fromDrawn(roundedTo)]);
      moveTo(to, roundedTo);
    } else {
      const points: Point[] = [];
      for (let i = 0; i < args.length; i += 2) points.push(rounded(absolute(args[i] ?? 0, args[i + 1] ?? 0)));
      const to = absolute(args[args.length - 2] ?? 0, args[args.length - 1] ?? 0);
      const roundedTo = points[points.length - 1] ?? drawn;
      if (lower === 'm') {
        writer.write(index === 0 ? 'M' : 'm', index === 0 ? [roundedTo.x, roundedTo.y] : fromDrawn(roundedTo));
        exactStart = to;
        drawnStart = roundedTo;
      } else if (lower === 'l' && roundedTo.y === drawn.y) {
        writer.write('h', [roundedTo.x - drawn.x]);
      } else if (lower === 'l' && roundedTo.x === drawn.x) {
        writer.write('v', [roundedTo.y - drawn.y]);
      } else {
        writer.write(lower, points.flatMap(fromDrawn));
      }
      moveTo(to, roundedTo);
    }
  }
  return writer.toString();
}

/** A DiceBear SVG (drawn with `clip: false`) without what a viewer does not need. */
export function compactSvg(svg: string): string {
  return svg
    .replace(/<metadata[\s\S]*?<\/metadata>/, '')
    .replace(/ shape-rendering="auto"/, '')
    .replace(/ clip-rule="evenodd"/g, '')
    .replace(/<g[^>]*><\/g>/g, '')
    .replace(/ x="0" y="0"/g, '')
    .replace(/\s+\/>/g, '/>')
    .replace(/ d="([^"]*)"/g, (_attribute, data: string) => ` d="${roundPathData(data)}"`);
}
