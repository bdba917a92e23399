/**
 * The shape shared by every reference list (spec section 3): a stable code that is stored and
 * sent over the wire, and a human label that is only ever displayed.
 */
export type CodedOption<C extends string> = { readonly code: C; readonly label: string };

/**
 * Builds a list of options from a tuple of codes and a label for each. Taking a full
 * `Record` means the compiler refuses a code without a label.
 */
export function toCodedOptions<const C extends string>(
  codes: readonly C[],
  labels: Readonly<Record<C, string>>,
): readonly CodedOption<C>[] {
  return codes.map((code) => ({ code, label: labels[code] }));
}

/** Narrows an unknown value (a query parameter, a stored string) to one of a list's codes. */
export function isOneOf<const C extends string>(codes: readonly C[], value: unknown): value is C {
  return typeof value === 'string' && (codes as readonly string[]).includes(value);
}

/**
 * The codes of a list that appear among `values`, once each and in the list's order, so the same
 * filters always make the same URL and the same query key (the job board's and the worker
 * search's filters read them from the address).
 */
export function knownCodes<C extends string>(codes: readonly C[], values: readonly string[]): C[] {
  const wanted = new Set(values);
  return codes.filter((code) => wanted.has(code));
}
