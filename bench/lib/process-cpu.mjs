// CPU time used so far by another process (Linux /proc), for benchmarks that
// compare servers on a machine other work is also using: a process's own CPU time
// per operation moves much less with that load than wall time does.
import { readFile } from 'node:fs/promises';

/** Linux's USER_HZ, the unit of utime and stime in /proc/<pid>/stat. */
const TICKS_PER_SECOND = 100;

/**
 * Milliseconds of CPU (user + system) the process has used, or null where /proc
 * is not available.
 * @param {number} pid
 */
export async function cpuMilliseconds(pid) {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name, which is in parentheses and may hold spaces.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    return Number.isFinite(ticks) ? (ticks * 1000) / TICKS_PER_SECOND : null;
  } catch {
    return null;
  }
}
