// The bench's view of running processes, read from /proc (Linux): which processes a server started, and their stats.
import fs from 'node:fs';

/** Every live process as pid → the fields after its parenthesised command name in /proc/<pid>/stat. */
function processStats() {
  const stats = new Map();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const text = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      stats.set(Number(entry), text.slice(text.lastIndexOf(')') + 2).split(' '));
    } catch {
      // the process ended meanwhile
    }
  }
  return stats;
}

/**
 * A process and all its descendants (children before grandchildren), each with its CPU ticks so far (user + system);
 * a server's CPU and memory include the workers it spawns.
 */
export function processTree(rootPid) {
  const stats = processStats();
  const ticksOf = (fields) => Number(fields[11]) + Number(fields[12]);
  const tree = [{ pid: rootPid, ticks: stats.has(rootPid) ? ticksOf(stats.get(rootPid)) : 0 }];
  for (let index = 0; index < tree.length; index++) {
    for (const [pid, fields] of stats) {
      // Fields: state ppid … utime(14) stime(15), counted from the state.
      if (Number(fields[1]) === tree[index].pid) tree.push({ pid, ticks: ticksOf(fields) });
    }
  }
  return tree;
}
