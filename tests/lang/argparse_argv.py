# args: --name world -n 3 first.txt second.txt --dry-run
import argparse
parser = argparse.ArgumentParser(description="Greets people from the command line.")
parser.add_argument("files", nargs="+", help="files to read")
parser.add_argument("--name", default="you", help="who to greet")
parser.add_argument("-n", "--times", type=int, default=1, help="how many times")
parser.add_argument("--dry-run", action="store_true", help="do nothing")
args = parser.parse_args()
print(args)
for _ in range(args.times):
    print("hello", args.name, "from", ", ".join(args.files), "(dry run)" if args.dry_run else "")
print(parser.prog)
parser.print_usage()
parser.parse_args(["--times", "many", "f"])
