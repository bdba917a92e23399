import type { Config } from '../config';
import type { Database } from '../db/client';

/** What every route can reach through the Fastify instance: configuration and the database. */
declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
  }
}

export {};
