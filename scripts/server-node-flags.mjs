// How Node.js runs the API server: `npm start` runs it so, and the benches that measure the
// server as it ships start it the same way.
//
// --optimize-for-size: V8 grows its heap in smaller steps and collects sooner. Most of the
// server's memory is the search index, built once at start from pages of database rows; with
// V8's default growth the heap kept about twice what the index holds. Measured with
// `npm run bench:memory` (issue 33): 100,000 workers on PostgreSQL 759 → 480 MB resident; the
// default embedded start 459 → 397 MB.
export const SERVER_NODE_FLAGS = Object.freeze(['--enable-source-maps', '--optimize-for-size']);
