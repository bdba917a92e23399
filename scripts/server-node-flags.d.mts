/** How Node.js runs the API server (see server-node-flags.mjs). */
export declare const SERVER_NODE_FLAGS: readonly string[];
