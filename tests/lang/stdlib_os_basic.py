import os
import os.path
print(os.sep, repr(os.linesep), os.name, os.path.join("a", "b", "c"), os.path.join("a", "/b"))
print(os.path.split("/x/y/z.txt"), os.path.basename("/x/y/"), os.path.dirname("/x/y/z"))
print(os.path.splitext("a/b.tar.gz"), os.path.splitext(".bashrc"), os.path.splitext("a."))
print(os.path.normpath("/a/./b/../c//d/"), os.path.normpath(""), os.path.normpath("../x/.."))
print(os.path.isabs("/a"), os.path.isabs("a"), os.path.relpath("/a/b/c", "/a/d"))
d = "_stdlib_os_tmp"
os.makedirs(d + "/sub/deeper", exist_ok=True)
os.makedirs(d + "/sub", exist_ok=True)
with open(d + "/f.txt", "w") as f:
    f.write("hello\n")
print(sorted(os.listdir(d)), os.path.exists(d), os.path.isdir(d), os.path.isfile(d + "/f.txt"))
print(os.path.getsize(d + "/f.txt"), os.stat(d + "/f.txt").st_size)
os.rename(d + "/f.txt", d + "/g.txt")
print(sorted(os.listdir(d)))
os.remove(d + "/g.txt"); os.rmdir(d + "/sub/deeper"); os.rmdir(d + "/sub"); os.rmdir(d)
print(os.path.exists(d))
for bad in [lambda: os.remove("no_such_file_x"), lambda: os.listdir("no_such_dir_x"),
            lambda: os.mkdir(".")]:
    try:
        bad()
    except OSError as e:
        print(type(e).__name__, e, e.errno, e.filename)
print(os.getenv("KRAIT_SURELY_UNSET_VAR", "dflt"), "PATH" in os.environ, os.getpid() > 0)
print(len(os.urandom(8)))
