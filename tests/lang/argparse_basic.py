import argparse, sys
p = argparse.ArgumentParser(prog="tool", description="Process some integers and files.", epilog="See the docs for more.")
p.add_argument("integers", metavar="N", type=int, nargs="+", help="an integer for the accumulator")
p.add_argument("--sum", dest="accumulate", action="store_const", const=sum, default=max, help="sum the integers (default: find the max)")
p.add_argument("-v", "--verbose", action="count", default=0, help="increase verbosity")
p.add_argument("--mode", choices=["fast", "slow"], default="fast", help="mode, default %(default)s")
p.add_argument("-o", "--output", metavar="FILE", help="where to write")
p.add_argument("--flag", action="store_true")
p.add_argument("--tags", nargs="*", default=[])
p.add_argument("--pair", nargs=2, type=float)
p.add_argument("--a-very-long-option-name-indeed", help="this help text should start on the next line because the option is long")
p.print_help()
for argv in [["1", "2", "3"], ["1", "2", "--sum"], ["-vv", "5", "--mode", "slow", "-o", "x.txt"], ["--flag", "4", "--tags", "a", "b", "--pair", "1", "2.5"],
             ["--mode=slow", "7", "-oout"], ["3", "--", "-4"], ["-v", "-v", "-v", "1"]]:
    a = p.parse_args(argv)
    print(a, a.accumulate(a.integers))
print(p.format_usage(), end="")
ns, rest = p.parse_known_args(["1", "--unknown", "x"])
print(ns.integers, rest)
