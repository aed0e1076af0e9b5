import "server-only";
import fs from "node:fs";

// PGlite is a single-process database that keeps no lock of its own: a second process (the
// operator CLI while the server runs, say) opening the same folder would corrupt it.

export class DatabaseInUseError extends Error {
  constructor(
    readonly folder: string,
    readonly pid: number,
  ) {
    super(
      `The PGlite database ${folder} is in use by process ${pid} (is the Studio server running on this DATA_DIR?). ` +
        `PGlite allows one process at a time: stop that process, or use PostgreSQL (DATABASE_URL). ` +
        `If no Studio process uses it, delete ${folder}.lock.`,
    );
    this.name = "DatabaseInUseError";
  }
}

/** Takes `<folder>.lock` for this process, or throws DatabaseInUseError; returns the release function. */
export function lockPgliteFolder(folder: string): () => void {
  const file = `${folder}.lock`;
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: "wx", mode: 0o600 });
      return () => releaseIfOurs(file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    const holder = readPid(file);
    // Our own pid is a lock left by an earlier run that a restarted container reused the pid of.
    if (holder !== undefined && holder !== process.pid && isAlive(holder)) throw new DatabaseInUseError(folder, holder);
    fs.rmSync(file, { force: true });
  }
  throw new Error(`Could not take the lock ${file}`);
}

function readPid(file: string): number | undefined {
  try {
    const pid = Number.parseInt(fs.readFileSync(file, "utf8").trim(), 10);
    return Number.isSafeInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

function releaseIfOurs(file: string): void {
  if (readPid(file) === process.pid) fs.rmSync(file, { force: true });
}
