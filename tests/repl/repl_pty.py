#!/usr/bin/env python3
"""repl_pty.py: drives `krait` through a real pseudo-terminal and checks what the screen
shows, one named case per run (tests/repl/CMakeLists.txt registers each with ctest):

    python3 repl_pty.py KRAIT_BINARY CASE [--no-readline]

The child runs under pty.fork() with TERM=xterm, so readline edits the line with the escape
sequences it would send a real terminal. A small screen model (Screen) applies the ones
readline uses (carriage return, backspace, cursor left/right, erase to end of line,
insert/delete characters) and ignores the rest, so the checks read the screen a person would
see rather than raw bytes. Every wait polls for text on the screen with a generous deadline
(a slow 2-core CI machine is fine); nothing sleeps for a fixed time. Exit status: 0 pass,
1 fail, 77 skipped (the case needs readline and krait was built without it)."""

import os
import pty
import re
import select
import shutil
import signal
import sys
import tempfile
import time

TIMEOUT = float(os.environ.get("KRAIT_REPL_TEST_TIMEOUT", "60"))
SKIP = 77


class Screen:
    """The lines a terminal would show, enough of a VT100 for readline's redisplay."""

    def __init__(self):
        self.lines = [[]]
        self.row = 0
        self.col = 0
        self.pending = b""

    def _line(self):
        return self.lines[self.row]

    def _put(self, ch):
        line = self._line()
        while len(line) < self.col:
            line.append(" ")
        if self.col < len(line):
            line[self.col] = ch
        else:
            line.append(ch)
        self.col += 1

    def feed(self, data):
        text = (self.pending + data).decode("utf-8", "replace")
        self.pending = b""
        i = 0
        while i < len(text):
            ch = text[i]
            if ch == "\x1b":
                m = re.match(r"\x1b\[([?>]?)([0-9;]*)([A-Za-z@])", text[i:])
                if not m:
                    if len(text) - i < 16 and re.fullmatch(r"\x1b(\[[?>]?[0-9;]*)?", text[i:]):
                        self.pending = text[i:].encode()
                        return
                    i += 2  # a two-character escape (ESC = ESC > ...): ignored
                    continue
                self._csi(m.group(1), m.group(2), m.group(3))
                i += m.end()
                continue
            if ch == "\r":
                self.col = 0
            elif ch == "\n":
                self.row += 1
                self.col = 0
                if self.row == len(self.lines):
                    self.lines.append([])
            elif ch == "\b":
                self.col = max(0, self.col - 1)
            elif ch == "\x07":
                pass
            elif ch >= " " or ch == "\t":
                self._put(ch)
            i += 1

    def _csi(self, private, params, final):
        if private:
            return
        n = int(params.split(";")[0]) if params.split(";")[0] else 1
        line = self._line()
        if final == "C":
            self.col += n
        elif final == "D":
            self.col = max(0, self.col - n)
        elif final == "K":
            mode = int(params) if params else 0
            if mode == 0:
                del line[self.col:]
            elif mode == 2:
                line.clear()
        elif final == "P":
            del line[self.col:self.col + n]
        elif final == "@":
            for _ in range(n):
                line.insert(self.col, " ")
        elif final == "A":
            self.row = max(0, self.row - n)
        elif final == "B":
            self.row += n
            while self.row >= len(self.lines):
                self.lines.append([])
        elif final == "G":
            self.col = n - 1

    def text(self):
        """The screen, trailing blanks dropped except up to the cursor on its line (so a
        prompt's final space shows)."""
        out = []
        for r, l in enumerate(self.lines):
            t = "".join(l).rstrip()
            if r == self.row and self.col > len(t):
                t = "".join(l)[:self.col].ljust(self.col)
            out.append(t)
        return "\n".join(out)


class Session:
    def __init__(self, krait, args=(), env=None):
        self.screen = Screen()
        self.raw = b""
        self.status = None
        pid, fd = pty.fork()
        if pid == 0:
            os.execve(krait, [krait] + list(args), env)
        self.pid, self.fd = pid, fd
        import fcntl
        import struct
        import termios
        fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 200, 0, 0))

    def _pump(self, timeout):
        r, _, _ = select.select([self.fd], [], [], timeout)
        if not r:
            return True
        try:
            data = os.read(self.fd, 65536)
        except OSError:
            data = b""
        if not data:
            return False
        self.raw += data
        self.screen.feed(data)
        return True

    def wait_for(self, pattern, what=None, since=0):
        """Wait until the screen text after offset `since` matches the regex."""
        deadline = time.monotonic() + TIMEOUT
        while True:
            text = self.screen.text()
            if re.search(pattern, text[since:], re.M):
                return text
            left = deadline - time.monotonic()
            if left <= 0 or not self._pump(min(left, 0.5)):
                if re.search(pattern, self.screen.text()[since:], re.M):
                    return self.screen.text()
                fail(f"timed out waiting for {what or pattern!r}")

    def mark(self):
        return len(self.screen.text())

    def prompt(self, since=0):
        """Wait for a fresh '>>> ' prompt as the last thing on the screen."""
        return self.wait_for(r"^>>> \Z", "the >>> prompt", since)

    def send(self, s):
        os.write(self.fd, s.encode() if isinstance(s, str) else s)

    def line(self, s):
        """Type a line and press Enter; returns the screen offset before it."""
        m = self.mark()
        self.send(s + "\r")
        return m

    def enter(self, s, pattern, what=None):
        """Type a line and wait for the screen after it to match the regex."""
        return self.wait_for(pattern, what, self.line(s))

    def run(self, s):
        """Type a line and wait for the next '>>> ' prompt."""
        return self.prompt(self.line(s))

    def wait_exit(self):
        deadline = time.monotonic() + TIMEOUT
        while time.monotonic() < deadline:
            pid, status = os.waitpid(self.pid, os.WNOHANG)
            if pid:
                self.status = status
                while self._pump(0.1):
                    pass
                return os.waitstatus_to_exitcode(status)
            self._pump(0.2)
        fail("krait did not exit")

    def close(self):
        if self.status is None:
            try:
                os.kill(self.pid, signal.SIGKILL)
                os.waitpid(self.pid, 0)
            except OSError:
                pass
        try:
            os.close(self.fd)
        except OSError:
            pass


CURRENT = []


def fail(msg):
    print("FAIL:", msg)
    for s in CURRENT:
        print("---- screen ----")
        print(s.screen.text())
        print("---- raw ----")
        print(repr(s.raw[-3000:]))
    sys.exit(1)


def expect(cond, msg):
    if not cond:
        fail(msg)


def start(krait, env, args=()):
    s = Session(krait, args, env)
    CURRENT.append(s)
    s.prompt()
    return s


# ---- the cases ------------------------------------------------------------------------


def case_banner(krait, env):
    s = start(krait, env)
    text = s.screen.text()
    expect(re.search(r"^krait \d+\.\d+\.\d+ \[CPU\]", text, re.M), "banner with version and CPU")


def case_arith_echo(krait, env):
    s = start(krait, env)
    s.enter("6 * 7", r"^6 \* 7\n42\n>>> \Z", "42 echoed")
    s.enter("None", r"^None\n>>> \Z", "None not echoed")
    s.enter("_ + 1", r"^_ \+ 1\n43\n>>> \Z", "_ holds the last value")
    s.enter("'a' + 'b'", r"^'a' \+ 'b'\n'ab'\n>>> \Z", "repr echoed")


def case_multiline_def(krait, env):
    s = start(krait, env)
    s.enter("def f(x):", r"^\.\.\. \Z", "the ... prompt")
    s.enter("    return x * 2", r"^\.\.\. \Z", "still ... inside the block")
    s.run("")
    s.enter("f(21)", r"^f\(21\)\n42\n>>> \Z", "the function ran")
    s.enter("[1,", r"^\.\.\. \Z", "an open bracket continues")
    s.enter(" 2]", r"^ 2\]\n\[1, 2\]\n>>> \Z", "the list echoed")
    s.enter('"""a', r"^\.\.\. \Z", "a triple-quoted string continues")
    s.enter('b"""', r"'a\\nb'\n>>> \Z", "the string echoed")


def case_syntax_error(krait, env):
    s = start(krait, env)
    s.enter("1 +* 2", r'File "<stdin>", line 1\n.*\n.*\nSyntaxError: invalid syntax\n>>> \Z',
            "SyntaxError at once")
    s.enter("if True", r"SyntaxError: expected ':'\n>>> \Z", "missing colon reported at once")
    s.run("x = 5")
    s.enter("x", r"^x\n5\n>>> \Z", "the session goes on")


def case_traceback(krait, env):
    s = start(krait, env)
    s.enter("def g():", r"^\.\.\. \Z", "the ... prompt")
    s.enter("    return 1 / 0", r"^\.\.\. \Z", "the ... prompt")
    s.run("")
    s.enter("g()", r'Traceback \(most recent call last\):\n  File "<stdin>", line 1, in <module>\n'
            r'(.*\n)*  File "<stdin>", line 2, in g\n(.*\n)*'
            r"ZeroDivisionError: division by zero\n>>> \Z", "the traceback")
    s.enter("1 + 1", r"^1 \+ 1\n2\n>>> \Z", "the session goes on")


def case_complete_math(krait, env):
    s = start(krait, env)
    s.run("import math")
    s.send("math.sq\t")
    s.wait_for(r"^>>> math\.sqrt\($", "math.sq completed to math.sqrt(")
    s.enter("16)", r"^4\.0\n>>> \Z", "the completed call ran")
    s.send("pri\t")
    s.wait_for(r"^>>> print\($", "builtins complete")
    s.send("\x15")  # Ctrl-U: clear the line
    s.prompt()
    s.send("'x'.upp\t")
    s.wait_for(r"^>>> 'x'\.upp$", "no completion for a literal (no code runs)")
    s.send("\x15")
    s.prompt()
    s.run("word = 'abc'")
    s.send("word.upp\t")
    s.wait_for(r"^>>> word\.upper\($", "methods of a builtin type")
    s.enter(")", r"^'ABC'\n>>> \Z", "the method ran")


def case_history(krait, env):
    s = start(krait, env)
    s.enter("21 * 2", r"^42\n>>> \Z", "first session ran")
    s.send("\x04")
    expect(s.wait_exit() == 0, "Ctrl-D exits with 0")
    histfile = env["KRAIT_HISTFILE"]
    expect(os.path.exists(histfile), "history file written")
    expect("21 * 2" in open(histfile).read(), "the line is in the history file")
    s2 = start(krait, env)
    s2.send("\x1b[A")  # up arrow
    s2.wait_for(r"^>>> 21 \* 2$", "the previous session's line recalled")
    s2.enter("", r"^42\n>>> \Z", "the recalled line ran")


def case_ctrl_c(krait, env):
    s = start(krait, env)
    s.run("n = 0")
    s.enter("while True: n += 1", r"^\.\.\. \Z", "the ... prompt")
    s.line("")
    # Let it run a moment: wait until the loop has clearly started counting.
    m = s.mark()
    time.sleep(0.2)
    s.send("\x03")
    s.wait_for(r'Traceback \(most recent call last\):\n  File "<stdin>", line 1, in <module>\n'
               r"(.*\n)*KeyboardInterrupt\n>>> \Z", "KeyboardInterrupt raised", m)
    s.enter("n > 0", r"^True\n>>> \Z", "the interpreter kept its state")
    s.run("import time")
    m = s.line("time.sleep(600)")
    time.sleep(0.2)
    s.send("\x03")
    s.wait_for(r"KeyboardInterrupt\n>>> \Z", "Ctrl-C ends a long sleep", m)
    s.send("abc")
    s.wait_for(r"^>>> abc$", "typed text")
    m = s.mark()
    s.send("\x03")
    s.wait_for(r"\nKeyboardInterrupt\n>>> \Z", "Ctrl-C at the prompt clears the line", m)
    s.enter("7", r"^7\n>>> \Z", "the cleared line is gone")


def case_ctrl_d(krait, env):
    s = start(krait, env)
    s.send("\x04")
    expect(s.wait_exit() == 0, "Ctrl-D at an empty prompt exits with status 0")


def case_exit(krait, env):
    s = start(krait, env)
    s.line("import sys")
    s.line("sys.exit(3)")
    expect(s.wait_exit() == 3, "sys.exit(3) gives status 3")
    s2 = start(krait, env)
    s2.line("exit()")
    expect(s2.wait_exit() == 0, "exit() gives status 0")


def case_inspect(krait, env):
    d = env["HOME"]
    path = os.path.join(d, "prog.py")
    with open(path, "w") as f:
        f.write("answer = 40 + 2\n")
    s = Session(krait, ["-i", path], env)
    CURRENT.append(s)
    s.prompt()
    expect("[CPU]" not in s.screen.text(), "no banner with -i FILE")
    s.enter("answer", r"^answer\n42\n>>> \Z", "the script's globals")


def case_pipe_stdin(krait, env):
    """Not a terminal: stdin is a script, no prompts, no banner."""
    import subprocess
    src = "x = 1\nif x:\n    print('a')\n\nprint(x + 1)\nx\n"
    p = subprocess.run([krait], input=src.encode(), capture_output=True, env=env,
                       timeout=TIMEOUT)
    expect(p.stdout == b"a\n2\n", f"script output, got {p.stdout!r}")
    expect(p.stderr == b"" and p.returncode == 0, f"clean exit, got {p.stderr!r}")


def case_run_module(krait, env):
    """-m NAME runs NAME.py from the current folder as __main__ with sys.argv[0] its path."""
    import subprocess
    d = env["HOME"]
    with open(os.path.join(d, "hello_mod.py"), "w") as f:
        f.write("import sys\nprint(__name__, sys.argv[0].endswith('hello_mod.py'), "
                "sys.argv[1:])\n")
    p = subprocess.run([krait, "-m", "hello_mod", "a", "b"], capture_output=True, env=env,
                       cwd=d, timeout=TIMEOUT)
    expect(p.stdout == b"__main__ True ['a', 'b']\n", f"module output, got {p.stdout!r}")
    p = subprocess.run([krait, "-m", "no_such_mod"], capture_output=True, env=env, cwd=d,
                       timeout=TIMEOUT)
    expect(p.returncode == 1 and b"No module named no_such_mod" in p.stderr,
           f"missing module, got {p.returncode} {p.stderr!r}")


def case_blank_ends_block(krait, env):
    """A blank line after a header with no body raises at once (CPython), but not inside
    brackets or a triple-quoted string."""
    s = start(krait, env)
    s.enter("if True:", r"^\.\.\. \Z", "the ... prompt")
    s.enter("", r"IndentationError: expected an indented block after 'if' statement on line 1"
            r"\n>>> \Z", "IndentationError at the blank line")
    s.enter("for x in []:", r"^\.\.\. \Z", "the ... prompt")
    s.enter("", r"IndentationError: expected an indented block after 'for' statement"
            r" on line 1\n>>> \Z", "IndentationError after for")
    s.enter("x = (1,", r"^\.\.\. \Z", "an open bracket")
    s.enter("", r"^\.\.\. \Z", "a blank line inside brackets continues")
    s.enter("2)", r"^>>> \Z", "the statement ran")
    s.enter("x", r"^x\n\(1, 2\)\n>>> \Z", "its value")


def case_sitebuiltins(krait, env):
    """exit/quit show CPython's hint; copyright, credits and license exist."""
    s = start(krait, env)
    s.enter("exit", r"^Use exit\(\) or Ctrl-D \(i\.e\. EOF\) to exit\n>>> \Z", "exit's hint")
    s.enter("quit", r"^Use quit\(\) or Ctrl-D \(i\.e\. EOF\) to exit\n>>> \Z", "quit's hint")
    s.enter("copyright", r"Copyright \(c\)(.*\n)*>>> \Z", "copyright")
    s.enter("credits", r"libuv(.*\n)*>>> \Z", "credits")
    s.enter("license", r"^Type license\(\) to see the full license text\n>>> \Z", "license")
    s.line("quit(5)")
    expect(s.wait_exit() == 5, "quit(5) gives status 5")


def case_help(krait, env):
    """help shows CPython's hint; help(len) prints len's docstring; help() reads help>
    requests until quit."""
    s = start(krait, env)
    s.enter("help", r"^Type help\(\) for interactive help, or help\(object\) for help about "
            r"object\.\n>>> \Z", "help's hint")
    s.enter("help(len)", r"Help on built-in function len in module builtins:\n\nlen\(obj, /\)\n"
            r"    Return the number of items in a container\.\n(.*\n)*>>> \Z", "help(len)")
    s.enter("help()", r"help> \Z", "the help> prompt")
    s.enter("str.split", r"split\(self, /, sep=None, maxsplit=-1\)(.*\n)*help> \Z",
            "help on str.split at the help> prompt")
    s.enter("quit", r"You are now leaving help(.*\n)*>>> \Z", "leaving help")
    s.line("quit(0)")
    expect(s.wait_exit() == 0, "quit(0) gives status 0")


def case_input_eof(krait, env):
    """Ctrl-D in input() raises EOFError once; the next input() reads again."""
    s = start(krait, env)
    s.enter("input('a? ')", r"a\? \Z", "the input prompt")
    s.send("\x04")
    s.wait_for(r"EOFError(.*\n)*>>> \Z", "EOFError")
    s.enter("input('b? ')", r"b\? \Z", "a second input prompt")
    s.enter("typed", r"^'typed'\n>>> \Z", "the second input() read the line")


def case_sigint_ignored(krait, env):
    """Started with SIGINT ignored, krait leaves it ignored: Ctrl-C does not stop code."""
    import signal as sig
    old = sig.signal(sig.SIGINT, sig.SIG_IGN)  # inherited through fork and exec
    try:
        s = start(krait, env)
    finally:
        sig.signal(sig.SIGINT, old)
    s.run("import time")
    m = s.line("time.sleep(0.5); print('slept')")
    time.sleep(0.1)
    s.send("\x03")
    s.wait_for(r"slept\n>>> \Z", "the sleep was not interrupted", m)
    expect("KeyboardInterrupt" not in s.screen.text(), "no KeyboardInterrupt")


def case_bracketed_paste(krait, env):
    """Even with the inputrc turning it on, krait turns bracketed paste off (CPython does):
    the terminal is never asked for it, so pasted statements arrive line by line."""
    with open(env["INPUTRC"], "w") as f:
        f.write("set enable-bracketed-paste on\nset bell-style none\n")
    s = start(krait, env)
    s.send("a = 1\rb = a + 1\rb\r")
    s.wait_for(r"^>>> b\n2\n>>> \Z", "the pasted statements ran")
    expect(b"\x1b[?2004h" not in s.raw, "bracketed paste mode was not requested")


def case_run_dir(krait, env):
    """krait DIR runs DIR/__main__.py with DIR first on sys.path; without one it fails."""
    import subprocess
    d = os.path.join(env["HOME"], "app")
    os.mkdir(d)
    with open(os.path.join(d, "helper.py"), "w") as f:
        f.write("X = 'helper'\n")
    with open(os.path.join(d, "__main__.py"), "w") as f:
        f.write("import sys, helper\nprint(__name__, helper.X, sys.argv)\n")
    p = subprocess.run([krait, d, "a"], capture_output=True, env=env, timeout=TIMEOUT)
    expect(p.stdout == ("__main__ helper [%r, 'a']\n" % d).encode() and p.returncode == 0,
           f"the folder's __main__ ran, got {p.returncode} {p.stdout!r} {p.stderr!r}")
    empty = os.path.join(env["HOME"], "empty")
    os.mkdir(empty)
    p = subprocess.run([krait, empty], capture_output=True, env=env, timeout=TIMEOUT)
    expect(p.returncode == 1 and b"can't find '__main__' module in" in p.stderr,
           f"a folder without __main__.py, got {p.returncode} {p.stderr!r}")


def case_loop_at_prompt(krait, env):
    """Once asyncio is used, its loop runs at the prompt: a task made there finishes and
    prints while the prompt waits (issue 13); asyncio.run still works."""
    s = start(krait, env)
    s.run("import asyncio")
    s.run("async def later(n):\n    await asyncio.sleep(0.2)\n    print('later ran', n)\n")
    s.run("t = asyncio.get_event_loop().create_task(later(1))")
    s.wait_for(r"later ran 1\n>>> \Z", "the task ran at the prompt")
    s.enter("t.done(), t.result()", r"\(True, None\)\n>>> \Z", "the task is done")
    s.send("x = 4")  # typed, not entered, while a task prints
    s.wait_for(r"^>>> x = 4$", "the typed text")
    s.send("2\r")
    s.wait_for(r"^>>> x = 42\n>>> \Z", "the line entered")
    s.run("t = asyncio.get_event_loop().create_task(later(2))")
    s.send("x")
    s.wait_for(r"later ran 2\n>>> x$", "the prompt and the typed text shown again after the output")
    s.send("\r")
    s.wait_for(r"^42\n>>> \Z", "the line still runs")
    s.enter("asyncio.run(later(3))", r"later ran 3\n>>> \Z", "asyncio.run inside the REPL")


def case_input_ctrl_c(krait, env):
    """Ctrl-C while input() waits raises KeyboardInterrupt inside input() at once (issue
    13), in a statement at the prompt and in a script's function; the next input() reads."""
    s = start(krait, env)
    m = s.line("x = input('name? ')")
    s.wait_for(r"name\? \Z", "the input prompt", m)
    s.send("\x03")
    s.wait_for(r'Traceback \(most recent call last\):\n  File "<stdin>", line 1, in <module>\n'
               r"KeyboardInterrupt\n>>> \Z", "KeyboardInterrupt raised inside input()", m)
    s.run("def ask():\n    try:\n        return input('again? ')\n"
          "    except KeyboardInterrupt:\n        return 'interrupted'\n")
    m = s.line("ask()")
    s.wait_for(r"again\? \Z", "the second input prompt", m)
    s.send("\x03")
    s.wait_for(r"'interrupted'\n>>> \Z", "caught in the function that called input()", m)
    s.enter("input('third? ')", r"third\? \Z", "a third input prompt")
    s.enter("typed", r"^'typed'\n>>> \Z", "input() reads again after an interrupt")


def case_top_level_await(krait, env):
    """await at the top level of the REPL, as `python -m asyncio` allows (issue 13): the
    value is echoed and bound, names assigned are globals, async for/with and asynchronous
    comprehensions work, an exception shows only the statement's frames, tasks made before
    run meanwhile, and Ctrl-C cancels the awaited statement."""
    s = start(krait, env)
    s.run("import asyncio")
    s.enter("await asyncio.sleep(0.01, 'slept')", r"^'slept'\n>>> \Z", "the awaited value echoed")
    s.enter("_", r"^'slept'\n>>> \Z", "_ is the awaited value")
    s.run("async def double(n):\n    await asyncio.sleep(0.01)\n    return 2 * n\n")
    s.run("x = await double(21)")
    s.enter("x", r"^42\n>>> \Z", "a name bound by an awaited assignment")
    s.enter("[await double(i) for i in range(3)]", r"^\[0, 2, 4\]\n>>> \Z",
            "an asynchronous comprehension")
    s.run("async def agen():\n    yield 'a'\n    yield 'b'\n")
    s.enter("async for v in agen():\n    print(v)\n", r"^a\nb\n>>> \Z", "async for at the top")
    m = s.line("await double(None)")
    s.wait_for(r'Traceback \(most recent call last\):\n  File "<stdin>", line 1, in <module>\n'
               r'  File "<stdin>", line 3, in double\nTypeError: .*\n>>> \Z',
               "the traceback starts at the statement", m)
    s.run("t = asyncio.get_event_loop().create_task(double(5))")
    s.enter("await t", r"^10\n>>> \Z", "a task made at the prompt, awaited")
    m = s.line("await asyncio.sleep(600)")
    time.sleep(0.3)
    s.send("\x03")
    s.wait_for(r"KeyboardInterrupt\n>>> \Z", "Ctrl-C ends an awaited sleep", m)
    s.enter("await asyncio.sleep(0, 'after')", r"^'after'\n>>> \Z", "the loop still works")
    s.enter("def f():\n    await double(1)\n", r"SyntaxError: 'await' outside async function",
            "await in a plain function is still an error")


CASES = {name[5:]: fn for name, fn in globals().items() if name.startswith("case_")}
NEEDS_READLINE = {"complete_math", "history", "bracketed_paste", "loop_at_prompt"}


def main():
    if len(sys.argv) < 3 or sys.argv[2] not in CASES:
        print("usage: repl_pty.py KRAIT CASE [--no-readline]; cases:", " ".join(CASES))
        return 2
    krait, case = os.path.abspath(sys.argv[1]), sys.argv[2]
    if "--no-readline" in sys.argv[3:] and case in NEEDS_READLINE:
        print("SKIP: krait was built without readline")
        return SKIP
    home = tempfile.mkdtemp(prefix="krait_repl_")
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": home, "TERM": "xterm",
           "KRAIT_HISTFILE": os.path.join(home, "history"), "LANG": "C.UTF-8",
           "INPUTRC": os.path.join(home, "inputrc")}
    # No user or system inputrc: the keys are readline's defaults.
    with open(env["INPUTRC"], "w") as f:
        f.write("set enable-bracketed-paste off\nset bell-style none\n")
    try:
        CASES[case](krait, env)
    finally:
        for s in CURRENT:
            s.close()
        shutil.rmtree(home, ignore_errors=True)
    print("PASS:", case)
    return 0


if __name__ == "__main__":
    sys.exit(main())
