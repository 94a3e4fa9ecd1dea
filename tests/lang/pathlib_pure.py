from pathlib import PurePath, PurePosixPath, Path
p = PurePosixPath("/usr/local/lib/python3.11/site-packages/pkg.tar.gz")
print(p, repr(p), p.name, p.stem, p.suffix, p.suffixes, p.parent, p.anchor, p.root, p.parts)
print(list(p.parents)[:3], p.is_absolute(), p.as_posix(), str(p.with_name("x.py")), p.with_suffix(".zip"), p.with_stem("other"))
q = PurePath("a") / "b" / "c.txt"
print(q, repr(q), q.parts, q.parent.parent, q.is_absolute(), "x" / q, q / "/abs", PurePath("a//b/./c/"), PurePath(), PurePath("."))
print(PurePath("/a/b/c").relative_to("/a"), PurePath("a/b").is_relative_to("a"), PurePath("a/b").is_relative_to("c"))
print(PurePath("a/b.py").match("*.py"), PurePath("/a/b/c.py").match("b/*.py"), PurePath("/a/b/c.py").match("a/*.py"), PurePath("a/b.py").match("/*.py"), PurePath("x.txt").match("[a-x].t?t"))
print(PurePath("a") == PurePath("a/"), PurePath("a") < PurePath("b"), sorted([PurePath("b"), PurePath("a/c"), PurePath("a")]), hash(PurePath("a/b")) == hash(PurePath("a//b")))
print(PurePath(".bashrc").suffix, PurePath(".bashrc").stem, PurePath("a.").suffix, PurePath("x.tar.gz").suffixes, PurePath("/").name, PurePath("/").parent, PurePath("../x").parts)
print(PurePath("a", "b", "/c", "d"), PurePath(PurePath("x"), "y"), PurePath("/a").joinpath("b", "c"), type(Path("q")).__name__, Path("q") == PurePath("q"))
for bad in [lambda: PurePath("a").relative_to("b"), lambda: PurePath("").with_name("x"), lambda: PurePath("a").with_suffix("txt"), lambda: PurePath(3), lambda: PurePath("a").with_name("b/c")]:
    try:
        bad()
    except (ValueError, TypeError) as e:
        print(type(e).__name__ + ":", e)
print(PurePath("/etc").as_uri(), bytes(PurePath("a/b")), PurePath("a/b").__fspath__())
