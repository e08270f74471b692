#!/usr/bin/env python3
"""Runs one command and prints its CPU time (user + system), wall time and
peak RSS: `cpu_seconds wall_seconds peak_kb`, or `- - 0` if it failed or
ran past the time limit (then it is killed).

    python3 bench/measure.py LIMIT_SECONDS OUTPUT_FILE COMMAND...

The command's standard output and error go to OUTPUT_FILE. Why not
/usr/bin/time: it rounds to 10 ms, and the smallest benchmark boards take
about 150 ms, so the rounding alone moved a ratio by 5%. Here both times
are to the microsecond (wall: a monotonic clock around the run; CPU: the
kernel's account of the child and what it waited for, from wait4).
"""

import os
import signal
import sys
import threading
import time


def main() -> int:
    limit, output, command = float(sys.argv[1]), sys.argv[2], sys.argv[3:]
    fd = os.open(output, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
    actions = [(os.POSIX_SPAWN_DUP2, fd, 1), (os.POSIX_SPAWN_DUP2, fd, 2)]
    # The peak RSS comes from /usr/bin/time (a small C program in between):
    # the kernel's peak of a child spawned from here would start at this
    # interpreter's own 13 MB, which it shared until the exec.
    rss = output + ".rss"
    command = ["/usr/bin/time", "-f", "%M", "-o", rss, *command]
    start = time.perf_counter()
    # In a process group of its own, so that a run past the limit is killed
    # with /usr/bin/time.
    pid = os.posix_spawn(command[0], command, os.environ, file_actions=actions, setpgroup=0)
    timer = threading.Timer(limit, lambda: os.killpg(pid, signal.SIGKILL))
    timer.start()
    _, status, usage = os.wait4(pid, 0)
    wall = time.perf_counter() - start
    timer.cancel()
    os.close(fd)
    if not (os.WIFEXITED(status) and os.WEXITSTATUS(status) == 0):
        print("- - 0")
        return 0
    with open(rss) as f:
        peak_kb = int(f.read().split()[-1])
    print(f"{usage.ru_utime + usage.ru_stime:.4f} {wall:.4f} {peak_kb}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
