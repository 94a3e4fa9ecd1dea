"""_sitebuiltins: the REPL's exit/quit/help objects and its copyright/credits/license (CPython's
site module installs the same names). The `krait` REPL imports it at start (repl/repl.c),
so scripts keep the plain builtins and start-up pays nothing for it. Importing installs the
objects into builtins."""

import builtins
import sys


class Quitter:
    """exit / quit: repr tells how to leave; calling raises SystemExit(code)."""

    def __init__(self, name, eof):
        self.name = name
        self.eof = eof

    def __repr__(self):
        return "Use %s() or %s to exit" % (self.name, self.eof)

    def __call__(self, code=None):
        raise SystemExit(code)


class _Printer:
    """copyright / credits / license: repr shows the text (or how to see it)."""

    def __init__(self, name, text, short=None):
        self._name = name
        self._text = text
        self._short = short

    def __repr__(self):
        if self._short is not None:
            return self._short
        return self._text

    def __call__(self):
        print(self._text)


class _Helper:
    """help at the prompt: CPython's repr; calling imports pydoc (stdlib/py/pydoc.py)."""

    def __repr__(self):
        return ("Type help() for interactive help, "
                "or help(object) for help about object.")

    def __call__(self, *args, **kwds):
        import pydoc
        return pydoc.help(*args, **kwds)


def _install():
    builtins.help = _Helper()
    builtins.exit = Quitter("exit", "Ctrl-D (i.e. EOF)")
    builtins.quit = Quitter("quit", "Ctrl-D (i.e. EOF)")
    builtins.copyright = _Printer(
        "copyright",
        "Copyright (c) the krait authors.\n"
        "krait implements a subset of the Python language; Python is\n"
        "Copyright (c) 2001-2023 Python Software Foundation.")
    builtins.credits = _Printer(
        "credits",
        "krait is built on libuv (asyncio's loop), PCRE2 (re) and GNU readline (this\n"
        "prompt); its gpu arrays follow NumPy's API and its tile kernels cuTile's.\n"
        "Version " + sys.version.split()[0] + ".")
    builtins.license = _Printer(
        "license",
        "krait's license is the one its source repository states (see its README).\n"
        "The libraries it links keep their own: libuv (MIT), PCRE2 (BSD), GNU readline\n"
        "(GPL-3.0), the CUDA driver and NVRTC (NVIDIA's license).",
        "Type license() to see the full license text")


_install()
