/** The environment for a server process: `env`, with the C library's memory settings it does not set itself. */
export function serverProcessEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv;
