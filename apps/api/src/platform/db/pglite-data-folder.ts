import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { PGlite, PGliteOptions } from '@electric-sql/pglite';
import { checkDataFolderCatalog, checkDataFolderFiles, damageFromOpenFailure, postgresLogTail } from './data-dir-check';
import { lockDataDir } from './data-dir-lock';
import { exitOnCorruption, failOnPgliteTrap } from './pglite-trap-guard';

export interface PgliteDataFolder {
  /** What PGlite is opened with: the folder, and PostgreSQL's log kept for a failed start's reason. */
  pgliteOptions: Pick<PGliteOptions, 'dataDir' | 'onStderr'>;
  /**
   * Waits for PGlite to open the folder, installs the trap guard and checks the catalog; on
   * failure closes PGlite, releases the folder and throws DataDirDamagedError.
   */
  open(client: PGlite): Promise<void>;
  /** Releases the folder for the next process (once PGlite is closed). */
  release(): void;
}

/**
 * PGlite's data folder on disk (`storage`, inside DATA_DIR) for this process alone, and whole
 * (issue 27, section 2): locks DATA_DIR (throws DataDirLockedError when another process has it),
 * checks the folder's files before PGlite reads them and its catalog right after, so that damage
 * stops start-up with DataDirDamagedError (the folder and what to do) rather than PGlite's
 * "Aborted()" or a server that fails later.
 */
export function openPgliteDataFolder(storage: string, log: (message: string) => void): PgliteDataFolder {
  const lock = lockDataDir(path.dirname(storage), log);
  try {
    checkDataFolderFiles(storage);
    mkdirSync(storage, { recursive: true });
  } catch (error) {
    lock.release();
    throw error;
  }
  const postgresLog = postgresLogTail();
  return {
    pgliteOptions: { dataDir: storage, onStderr: postgresLog.onStderr },
    async open(client) {
      let checking = true;
      try {
        try {
          await client.waitReady;
        } catch (error) {
          throw damageFromOpenFailure(storage, error, postgresLog.lastWords()) ?? error;
        }
        // A trap while the catalog is read is damage too: said so, and the process ends (it cannot go on).
        failOnPgliteTrap(client, (error) =>
          exitOnCorruption((checking && damageFromOpenFailure(storage, error.cause, postgresLog.lastWords())) || error),
        );
        await checkDataFolderCatalog(client, storage);
      } catch (error) {
        if (client.ready) await client.close().catch(() => undefined);
        lock.release();
        throw error;
      } finally {
        checking = false;
        postgresLog.stop();
      }
    },
    release: () => lock.release(),
  };
}
