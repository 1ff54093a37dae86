import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';

export interface DirectoryLock {
  release(): void;
}

/**
 * PGlite lets two processes open one data directory and corrupt it; this lock refuses the second.
 * A lock left by a process that no longer exists (a crash, kill -9) is taken over.
 */
export function acquireDirectoryLock(dir: string): DirectoryLock {
  const path = join(dir, 'registrum.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(path, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        rmSync(path, { force: true });
      };
      process.once('exit', release);
      return { release };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const holder = Number(readFileSync(path, 'utf8'));
      if (holder && holder !== process.pid && isAlive(holder)) {
        throw new Error(`the data directory ${dir} is in use by process ${holder}; stop it or set DATA_DIR`);
      }
      rmSync(path, { force: true });
    }
  }
  throw new Error(`could not lock the data directory ${dir}`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
