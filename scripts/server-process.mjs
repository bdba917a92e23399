// How the product's server process is started, by `npm start` and by bench:memory, which measures
// what `npm start` holds.

/**
 * The C library's memory settings for the server, unless the environment sets them. Compiling
 * PGlite's PostgreSQL into machine code while it opens (V8 compiles its hot WebAssembly functions
 * again, optimised, on helper threads) takes about 80 MB of scratch memory, all of it freed a
 * moment later; glibc kept most of it in the helper threads' pools for the life of the process
 * (issue 33: 380-400 MB resident after start, 340-365 MB with these). Blocks of 64 KB or more are
 * mapped on their own and unmapped when freed, and free memory above 1 MB at the top of a pool is
 * given back. Other C libraries (musl, macOS) ignore these variables.
 */
const MEMORY_RELEASE = { MALLOC_MMAP_THRESHOLD_: '65536', MALLOC_TRIM_THRESHOLD_: '1048576' };

/** The environment for a server process: `env`, with the memory settings it does not set itself. */
export function serverProcessEnv(env) {
  return { ...MEMORY_RELEASE, ...env };
}
