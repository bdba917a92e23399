import type { Extension } from '@electric-sql/pglite';

/**
 * Makes PGlite load each extension's WebAssembly module when PostgreSQL first opens it
 * (`dlopen`), one at a time, instead of preloading them all at start-up in parallel.
 *
 * Why (issue 10, section 1; docs/upstream/pglite-parallel-extension-load.md): PGlite 0.5.16
 * preloads the modules of every extension at once. Emscripten's post-instantiation step of each
 * module resolves every symbol still pending in the shared GOT, including those of the modules
 * whose instantiation is still in flight, and throws when one of them is not there yet. So only
 * the module that finishes last is complete: the others have published their exports but not
 * applied their data relocations, and PGlite swallows the error. When `pg_trgm` is one of the
 * incomplete ones, its `CMPTRGM` function pointer is unrelocated; the first `%` or `similarity`
 * traps ("null function or function signature mismatch"), and the next query spins for ever
 * inside PostgreSQL's `errfinish`, taking the whole process with it.
 *
 * With Emscripten's `noWasmDecoding` option (Module options reach Emscripten through an
 * extension's `emscriptenOpts`, part of PGlite's extension API), the extension bundles are still
 * unpacked into the virtual file system at start-up, but no module is instantiated there; each is
 * compiled and instantiated synchronously when PostgreSQL loads it, so nothing else is in flight
 * and every module completes its post-instantiation step. The modules are small (cube, pg_trgm and
 * earthdistance compile in milliseconds), and each is loaded once per process.
 *
 * Give it with the extensions: `extensions: { cube, earthdistance, pg_trgm, extensionsLoadOnDemand }`.
 */
export const extensionsLoadOnDemand: Extension = {
  name: 'extensions-load-on-demand',
  setup: async (_pg, emscriptenOpts: Record<string, unknown>) => ({
    emscriptenOpts: { ...emscriptenOpts, noWasmDecoding: true },
  }),
};
