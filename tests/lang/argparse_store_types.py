# argparse: metavar and dest of positionals, store with const, choices of strings, help output
import argparse
p = argparse.ArgumentParser(prog="conv", description="Convert values.")
p.add_argument("value", type=float, help="the number")
p.add_argument("unit", choices=["m", "cm", "mm"], help="the unit")
p.add_argument("--to", default="m", choices=["m", "cm", "mm"])
p.add_argument("--round", dest="digits", type=int, default=2)
p.add_argument("-q", "--quiet", action="store_true")
factor = {"m": 1.0, "cm": 100.0, "mm": 1000.0}
for argv in [["1.5", "m", "--to", "cm"], ["250", "mm"], ["3", "cm", "--round", "0", "-q"]]:
    a = p.parse_args(argv)
    print(vars(a), round(a.value / factor[a.unit] * factor[a.to], a.digits))
p.print_help()
print(p.prog, p.description, p.format_usage().strip())
