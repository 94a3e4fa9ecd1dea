"""timeit for krait: timing small code snippets (Timer, timeit, repeat, default_timer),
written from the documented behaviour of CPython 3.11
(docs.python.org/3.11/library/timeit.html). A str stmt/setup is compiled into a function
run number times; a callable is called directly."""

import time

__all__ = ["Timer", "timeit", "repeat", "default_timer"]

dummy_src_name = "<timeit-src>"
default_number = 1000000
default_repeat = 5
default_timer = time.perf_counter

_template = """
def inner(_it, _timer{init}):
    {setup}
    _t0 = _timer()
    for _i in _it:
        {stmt}
        pass
    _t1 = _timer()
    return _t1 - _t0
"""


def _reindent(src, indent):
    return src.replace("\n", "\n" + " " * indent)


class Timer:
    """Class for timing execution speed of small code snippets."""

    def __init__(self, stmt="pass", setup="pass", timer=default_timer, globals=None):
        self.timer = timer
        local_ns = {}
        global_ns = {} if globals is None else globals
        init = ""
        if isinstance(setup, str):
            compile(setup, dummy_src_name, "exec") if False else None
            setup = _reindent(setup, 4)
        elif callable(setup):
            local_ns["_setup"] = setup
            init += ", _setup=_setup"
            setup = "_setup()"
        else:
            raise ValueError("setup is neither a string nor callable")
        if isinstance(stmt, str):
            stmt = _reindent(stmt, 8)
        elif callable(stmt):
            local_ns["_stmt"] = stmt
            init += ", _stmt=_stmt"
            stmt = "_stmt()"
        else:
            raise ValueError("stmt is neither a string nor callable")
        src = _template.format(stmt=stmt, setup=setup, init=init)
        self.src = src
        ns = dict(global_ns)
        ns.update(local_ns)
        exec(src, ns)
        self.inner = ns["inner"]

    def print_exc(self, file=None):
        import traceback
        traceback.print_exc(file=file)

    def timeit(self, number=default_number):
        """Time number executions of the main statement; seconds as a float."""
        return self.inner(range(number), self.timer)

    def repeat(self, repeat=default_repeat, number=default_number):
        """Call timeit() repeat times; a list of the results."""
        return [self.timeit(number) for _ in range(repeat)]

    def autorange(self, callback=None):
        """(number, time taken) with number the smallest of 1, 2, 5, 10, 20, 50, ... for
        which the total time is at least 0.2 seconds."""
        i = 1
        while True:
            for j in 1, 2, 5:
                number = i * j
                time_taken = self.timeit(number)
                if callback:
                    callback(number, time_taken)
                if time_taken >= 0.2:
                    return (number, time_taken)
            i *= 10


def timeit(stmt="pass", setup="pass", timer=default_timer, number=default_number,
           globals=None):
    """Convenience function to create Timer object and call timeit method."""
    return Timer(stmt, setup, timer, globals).timeit(number)


def repeat(stmt="pass", setup="pass", timer=default_timer, repeat=default_repeat,
           number=default_number, globals=None):
    """Convenience function to create Timer object and call repeat method."""
    return Timer(stmt, setup, timer, globals).repeat(repeat, number)
