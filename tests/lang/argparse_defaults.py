# argparse: set_defaults, get_default, SUPPRESS, argument_default and dest naming
import argparse
p = argparse.ArgumentParser(prog="d", argument_default=None)
p.add_argument("--log-level", default="info")
p.add_argument("--hidden", default=argparse.SUPPRESS)
p.add_argument("-x", "--extra-thing", dest="extra")
p.set_defaults(mode="auto", log_level="warn")
print(vars(p.parse_args([])), p.get_default("mode"), p.get_default("log_level"))
print(vars(p.parse_args(["--hidden", "h", "-x", "1", "--log-level", "debug"])))
ns = argparse.Namespace(existing=1)
print(p.parse_args(["--log-level", "e"], namespace=ns))
print(argparse.Namespace(a=1, b="x"), argparse.Namespace(a=1) == argparse.Namespace(a=1))
print("a" in argparse.Namespace(a=1))
