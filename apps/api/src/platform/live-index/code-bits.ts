/**
 * Bits of codes by their place in `codes` (bit n for the n-th, from `from` on, at most 32): a
 * search's filters and the rows' lists become numbers that `&` compares. A value that is not a
 * known code gets no bit: searches only ask for known codes.
 */
export function codeBits(codes: readonly string[], values: readonly string[], from = 0): number {
  let bits = 0;
  for (const value of values) {
    const at = codes.indexOf(value) - from;
    if (at >= 0 && at < 32) bits |= 1 << at;
  }
  return bits;
}
