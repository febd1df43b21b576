// CPU time (user + system) of the child processes this process has waited for, from
// Linux's /proc/self/stat. On a shared machine it tells a build's work apart from the
// wall time that other load stretches. NaN where /proc is missing.
import { readFileSync } from 'node:fs';

/** Linux reports these times in clock ticks of 10 ms (USER_HZ = 100). */
const TICK_MS = 10;

/** Milliseconds of CPU used so far by the waited-for children (and their children). */
export function childCpuMs() {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    // Fields after the command name, which may hold spaces: the third field comes first,
    // so cutime (16th) and cstime (17th) sit at 13 and 14.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[13]) + Number(fields[14])) * TICK_MS;
  } catch {
    return Number.NaN;
  }
}
