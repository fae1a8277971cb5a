"""Runs the command given after `--` N times at once, with every `{i}` in
it replaced by the run's number (1..N); exits 1 if any run failed."""
import subprocess
import sys

count = int(sys.argv[1])
command = sys.argv[sys.argv.index("--") + 1:]
runs = [subprocess.Popen([part.replace("{i}", str(i)) for part in command])
        for i in range(1, count + 1)]
sys.exit(1 if any(run.wait() for run in runs) else 0)
