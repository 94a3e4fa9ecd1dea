# krait-test: no-gc-stress
# asyncio subprocesses (issue 13): create_subprocess_exec/_shell with PIPE, STDOUT, DEVNULL,
# communicate (with a 1 MB input through cat: flow control both ways), streams read line by
# line, return codes (a signal is negative), env and cwd, errors.
import asyncio
import os
from asyncio.subprocess import PIPE, STDOUT, DEVNULL


async def basics():
    p = await asyncio.create_subprocess_exec("echo", "hello", "world", stdout=PIPE)
    out, err = await p.communicate()
    print("echo:", out, err, p.returncode, p.pid > 0, repr(p).startswith("<Process "))
    p = await asyncio.create_subprocess_exec(
        "sh", "-c", "cat; echo to-stderr >&2; exit 3", stdin=PIPE, stdout=PIPE, stderr=PIPE)
    out, err = await p.communicate(b"line\n" * 3)
    print("sh:", out, err, p.returncode)
    p = await asyncio.create_subprocess_shell("echo a; echo b >&2; echo c", stdout=PIPE,
                                              stderr=STDOUT)
    lines = [line async for line in p.stdout]
    print("merged:", sorted(lines), await p.wait(), p.stdout.at_eof())
    p = await asyncio.create_subprocess_shell("echo gone; echo gone >&2", stdout=DEVNULL,
                                              stderr=DEVNULL)
    print("devnull:", await p.wait(), p.stdout, p.stderr, p.stdin)


async def big():
    data = bytes(range(256)) * 4096  # 1 MiB: more than a pipe holds, either way
    p = await asyncio.create_subprocess_exec("cat", stdin=PIPE, stdout=PIPE)
    out, _ = await p.communicate(data)
    print("cat 1 MiB:", len(out), out == data, p.returncode)
    p = await asyncio.create_subprocess_exec("head", "-c", "3000000", "/dev/zero", stdout=PIPE)
    n = 0
    while True:
        chunk = await p.stdout.read(100000)
        if not chunk:
            break
        n += len(chunk)
    print("head:", n, await p.wait())
    # stdin written in pieces with drain, read back with readexactly / readuntil
    p = await asyncio.create_subprocess_exec("cat", stdin=PIPE, stdout=PIPE)
    for i in range(5):
        p.stdin.write(b"part%d;" % i)
        await p.stdin.drain()
    p.stdin.write_eof()
    print("readexactly:", await p.stdout.readexactly(6), await p.stdout.readuntil(b";"))
    try:
        await p.stdout.readexactly(100)
    except asyncio.IncompleteReadError as e:
        print("IncompleteReadError:", e, e.partial, e.expected)
    print("eof:", p.stdout.at_eof(), await p.stdout.read(), await p.wait())


async def codes():
    p = await asyncio.create_subprocess_exec("sleep", "30")
    print("running:", p.returncode)
    p.terminate()
    print("terminated:", await p.wait(), p.returncode == -15)
    try:
        p.kill()  # after wait() returned: the process is gone
    except ProcessLookupError as e:
        print("ProcessLookupError", e.args)
    p = await asyncio.create_subprocess_exec("sleep", "30")
    p.send_signal(9)
    print("killed:", await p.wait())
    p = await asyncio.create_subprocess_shell("exit 7")
    print("exit 7:", await p.wait(), await p.wait())
    p = await asyncio.create_subprocess_exec("sh", "-c", "echo $KR_X; pwd", stdout=PIPE,
                                             env={"KR_X": "from-env", "PATH": os.environ["PATH"]},
                                             cwd="/")
    print("env/cwd:", (await p.stdout.read()).split())
    await p.wait()


async def errors():
    try:
        await asyncio.create_subprocess_exec("/nonexistent/program", "x")
    except FileNotFoundError as e:
        print(type(e).__name__, e.errno, e.filename)
    try:
        await asyncio.create_subprocess_exec("sh", "-c", "true", stdin=object())
    except (TypeError, AttributeError) as e:
        print("bad stdin:", type(e).__name__)
    p = await asyncio.create_subprocess_exec("sh", "-c", "echo 123456789", stdout=PIPE,
                                             limit=4)
    try:
        await p.stdout.readline()
    except ValueError as e:
        print("limit:", e)
    await p.wait()


async def concurrent():
    # three children at once; gather keeps argument order, a timer runs meanwhile
    async def run(i):
        p = await asyncio.create_subprocess_shell("sleep 0.%d; echo %d" % (3 - i, i),
                                                  stdout=PIPE)
        out, _ = await p.communicate()
        return out.strip()

    ticks = []

    async def ticker():
        for _ in range(3):
            await asyncio.sleep(0.01)
            ticks.append(1)

    res = await asyncio.gather(run(0), run(1), run(2), ticker())
    print("concurrent:", res[:3], len(ticks))


async def main():
    await basics()
    await big()
    await codes()
    await errors()
    await concurrent()


asyncio.run(main())
