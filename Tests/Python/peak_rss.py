#!/usr/bin/env python3
"""Runs a command and reports its peak resident memory, for the CLI tests.

  peak_rss.py [--stdout FILE] [--cap-mb N] COMMAND [ARG...]

The command's standard output goes to FILE, or to /dev/null (it can be
hundreds of megabytes); its standard input and error pass through. With
--cap-mb, the command may not hold more than N MiB of data (RLIMIT_DATA: its
heap and private mappings): going over is a failed allocation, not a slow
death. Prints "exit N peak KB" on standard output, N being the exit status
(128 + signal when killed).

Why a helper: a test runner starts children with posix_spawn, which on Linux
shares the runner's memory until exec, and the kernel then counts the runner's
high-water mark as the child's (ru_maxrss). Here the child is made with a real
fork of this small process, so its peak is its own (plus at most this
script's few megabytes, an upward bias).
"""
import os
import resource
import sys


def main():
    command = sys.argv[1:]
    target = os.devnull
    cap = None
    if command[:1] == ["--stdout"]:
        target, command = command[1], command[2:]
    if command[:1] == ["--cap-mb"]:
        cap, command = int(command[1]) << 20, command[2:]
    pid = os.fork()
    if pid == 0:
        if cap is not None:
            resource.setrlimit(resource.RLIMIT_DATA, (cap, cap))
        out = os.open(target, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
        os.dup2(out, 1)
        os.execvp(command[0], command)
    _, status, usage = os.wait4(pid, 0)
    code = 128 + os.WTERMSIG(status) if os.WIFSIGNALED(status) else os.WEXITSTATUS(status)
    print(f"exit {code} peak {usage.ru_maxrss}")


if __name__ == "__main__":
    main()
