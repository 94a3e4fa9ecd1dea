# argparse: help layout: metavar, nargs in usage, help=SUPPRESS, %(default)s, long descriptions
import argparse
p = argparse.ArgumentParser(prog="fmt", description="A tool whose description is long enough "
                            "that the formatter has to wrap it onto a second line of output.")
p.add_argument("src", metavar="SOURCE", help="where to read from")
p.add_argument("dst", nargs="?", help="where to write to")
p.add_argument("files", nargs="*", metavar="F")
p.add_argument("-n", "--count", type=int, default=3, metavar="N", help="how many (default: %(default)s)")
p.add_argument("--secret", help=argparse.SUPPRESS)
p.add_argument("--pair", nargs=2, metavar=("A", "B"), help="two values")
p.add_argument("--choice", choices=["x", "y"], help="pick one")
p.print_help()
print(p.format_usage(), end="")
