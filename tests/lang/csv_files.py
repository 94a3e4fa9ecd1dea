# csv over real files (newline='' as the docs advise), round trip.
import csv, os
name = "_csv_files_tmp_%d.csv" % os.getpid()
try:
    with open(name, "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["city", "pop", "motto"])
        w.writerow(["Springfield", 30720, "Embiggen, always"])
        w.writerow(["Shelbyville", 29000, 'A "noble" spirit'])
    with open(name, "rb") as f:
        print(f.read())
    with open(name, newline="") as f:
        for row in csv.DictReader(f):
            print(row["city"], int(row["pop"]) * 2, row["motto"])
finally:
    os.remove(name)
print(os.path.exists(name))
