#!/usr/bin/env python3
"""Runs a command on a pseudo-terminal, as a person at a terminal would, for
the `kinetype play` tests.

  pty_run.py SECONDS COMMAND [ARG...]

SECONDS after its first output (a number; 0 waits for the end) the command
gets SIGINT, as from Ctrl-C; after 120 seconds it is killed. Prints the exit status on the first line ("exit N" or "signal N"),
then everything the command wrote to the terminal, bytes as they came.
"""
import os
import pty
import select
import signal
import sys
import time


def main():
    seconds = float(sys.argv[1])
    command = sys.argv[2:]
    pid, fd = pty.fork()
    if pid == 0:
        # A test runner may ignore or block SIGINT, and both survive exec.
        signal.signal(signal.SIGINT, signal.SIG_DFL)
        signal.pthread_sigmask(signal.SIG_SETMASK, [])
        os.execvp(command[0], command)
    output = bytearray()
    deadline = None
    give_up = time.monotonic() + 120
    interrupted = False
    status = None
    while True:
        timeout = 0.05
        ready, _, _ = select.select([fd], [], [], timeout)
        if ready:
            try:
                chunk = os.read(fd, 65536)
            except OSError:
                break
            if not chunk:
                break
            output += chunk
            if deadline is None and seconds > 0:
                deadline = time.monotonic() + seconds
        if time.monotonic() > give_up:
            os.kill(pid, signal.SIGKILL)
        if deadline is not None and not interrupted and time.monotonic() >= deadline:
            os.kill(pid, signal.SIGINT)
            interrupted = True
        done, waited = os.waitpid(pid, os.WNOHANG)
        if done:
            status = waited
            # Drain what is left.
            try:
                while select.select([fd], [], [], 0.1)[0]:
                    chunk = os.read(fd, 65536)
                    if not chunk:
                        break
                    output += chunk
            except OSError:
                pass
            break
    if status is None:
        # The terminal closed before the exit was seen: wait for it.
        _, status = os.waitpid(pid, 0)
    if os.WIFSIGNALED(status):
        header = f"signal {os.WTERMSIG(status)}"
    else:
        header = f"exit {os.WEXITSTATUS(status)}"
    sys.stdout.buffer.write(header.encode() + b"\n" + bytes(output))


if __name__ == "__main__":
    main()
