# argparse: conflict_handler='resolve', option strings with one dash, negative numbers
import argparse
p = argparse.ArgumentParser(prog="c", conflict_handler="resolve")
p.add_argument("-f", "--foo", help="old foo")
p.add_argument("--foo", help="new foo")
p.print_help()
q = argparse.ArgumentParser(prog="neg")
q.add_argument("x", type=float)
q.add_argument("-n", type=int)
print(vars(q.parse_args(["-5"])), vars(q.parse_args(["-n", "-3", "2"])))
r = argparse.ArgumentParser(prog="single")
r.add_argument("-long", dest="long")
r.add_argument("-s", action="store_true")
print(vars(r.parse_args(["-long", "v", "-s"])))
