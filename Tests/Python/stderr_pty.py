#!/usr/bin/env python3
"""Runs a command with its standard error on a pseudo-terminal and its standard
output on a pipe, for the tests of the render progress line.

  stderr_pty.py COMMAND [ARG...]

Prints one JSON object: {"exit": N, "stdout": "...", "stderr": [[seconds, "text"], ...]},
each piece of standard error with the time it arrived, in seconds since the
start. Killed after 300 seconds.
"""
import json
import os
import select
import subprocess
import sys
import time


def main():
    master, slave = os.openpty()
    start = time.monotonic()
    child = subprocess.Popen(sys.argv[1:], stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=slave)
    os.close(slave)
    pieces = []
    out = bytearray()
    streams = [master, child.stdout.fileno()]
    while streams:
        if time.monotonic() - start > 300:
            child.kill()
        ready, _, _ = select.select(streams, [], [], 0.05)
        for fd in ready:
            try:
                chunk = os.read(fd, 65536)
            except OSError:
                chunk = b""
            if not chunk:
                streams.remove(fd)
            elif fd == master:
                pieces.append([round(time.monotonic() - start, 3), chunk.decode("utf-8", "replace")])
            else:
                out += chunk
        if child.poll() is not None and not ready:
            # The child is gone and nothing is waiting: drain and stop.
            for fd in list(streams):
                while select.select([fd], [], [], 0.05)[0]:
                    try:
                        chunk = os.read(fd, 65536)
                    except OSError:
                        chunk = b""
                    if not chunk:
                        break
                    if fd == master:
                        pieces.append([round(time.monotonic() - start, 3), chunk.decode("utf-8", "replace")])
                    else:
                        out += chunk
            break
    status = child.wait()
    print(json.dumps({"exit": status, "stdout": out.decode("utf-8", "replace"), "stderr": pieces}))


if __name__ == "__main__":
    main()
