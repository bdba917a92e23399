import { PGlite } from '@electric-sql/pglite';
import type { Database } from './client';

export interface NotificationListening {
  stop(): Promise<void>;
}

/**
 * Listens on `channels` of `database`. On PGlite the notifications come with the commit, in this
 * process, before the statement that committed resolves. On a PostgreSQL server a connection of
 * its own is kept for LISTEN (a pooled one would be handed to other queries); when it fails,
 * `onLost` is called once and nothing more is heard: the caller listens again.
 */
export async function listenForNotifications(
  database: Database,
  channels: readonly string[],
  onNotification: (channel: string, payload: string) => void,
  onLost: (error: unknown) => void,
): Promise<NotificationListening> {
  const { client } = database;
  if (client instanceof PGlite) {
    const stops = await Promise.all(channels.map((channel) => client.listen(channel, (payload) => onNotification(channel, payload))));
    return { stop: async () => void (await Promise.all(stops.map((stop) => stop()))) };
  }
  // node-postgres loads only on a PostgreSQL server (client.ts).
  const { default: pg } = await import('pg');
  const connection = new pg.Client({ connectionString: client.options.connectionString });
  let stopped = false;
  connection.on('notification', (notification) => {
    if (!stopped) onNotification(notification.channel, notification.payload ?? '');
  });
  connection.on('error', (error) => {
    if (stopped) return;
    stopped = true;
    void connection.end().catch(() => undefined);
    onLost(error);
  });
  try {
    await connection.connect();
    for (const channel of channels) await connection.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
  } catch (error) {
    stopped = true;
    await connection.end().catch(() => undefined);
    throw error;
  }
  return {
    stop: async () => {
      stopped = true;
      await connection.end();
    },
  };
}
