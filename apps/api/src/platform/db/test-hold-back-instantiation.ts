/** A function each extension's module exports and the others do not. */
const exportOf = { cube: 'cube_in', earthdistance: 'geo_distance', pg_trgm: 'similarity' } as const;

export type HeldBackExtension = keyof typeof exportOf;
export const extensionsToHoldBack = Object.keys(exportOf) as HeldBackExtension[];

let heldBack: HeldBackExtension | undefined;
let timesHeldBack = 0;

/**
 * From now on, every WebAssembly module instantiated asynchronously that belongs to `extension`
 * finishes 300 ms after the others, as on a busy machine. The delay comes after instantiation
 * (when the module has read its imports and registered its pending symbols in Emscripten's GOT)
 * and before Emscripten's post-instantiation step: exactly the window in which the other
 * modules' post-instantiation steps failed when PGlite preloaded them in parallel.
 *
 * For tests in a child process only: it replaces the global `WebAssembly.instantiate`.
 */
export function holdBackInstantiation(extension: HeldBackExtension): { timesHeldBack(): number } {
  if (heldBack === undefined) wrapInstantiate();
  heldBack = extension;
  timesHeldBack = 0;
  return { timesHeldBack: () => timesHeldBack };
}

/** The part of the WebAssembly API used here (this project's TypeScript libraries do not declare it). */
interface WebAssemblyApi {
  instantiate(source: unknown, imports?: unknown): Promise<unknown>;
  Module: { exports(module: unknown): { name: string }[] };
}

function wrapInstantiate(): void {
  const wasm = (globalThis as unknown as { WebAssembly: WebAssemblyApi }).WebAssembly;
  const instantiate = wasm.instantiate.bind(wasm);
  wasm.instantiate = async (source, imports) => {
    const result = await instantiate(source, imports);
    // Given bytes, instantiate answers { module, instance }; given a compiled module, only the instance.
    if (heldBack && typeof result === 'object' && result !== null && 'module' in result && 'instance' in result) {
      const names = wasm.Module.exports(result.module).map((entry) => entry.name);
      if (names.includes(exportOf[heldBack])) {
        timesHeldBack += 1;
        await new Promise((resolve) => setTimeout(resolve, 300));
      }
    }
    return result;
  };
}
