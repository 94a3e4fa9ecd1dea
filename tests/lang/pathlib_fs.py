import os
from pathlib import Path
base = Path("_pathlib_fs_tmp_%d" % os.getpid())
base.mkdir()
try:
    print(base.exists(), base.is_dir(), base.is_file())
    f = base / "hello.txt"
    print(f.write_text("hello\nworld\n"), f.read_text(), f.exists(), f.is_file(), f.stat().st_size)
    (base / "data.bin").write_bytes(b"\x00\x01\x02")
    print((base / "data.bin").read_bytes(), (base / "missing").exists())
    (base / "sub" / "deep").mkdir(parents=True)
    (base / "sub" / "a.py").write_text("x = 1\n")
    (base / "sub" / "deep" / "b.py").write_text("y = 2\n")
    (base / "sub" / "notes.md").touch()
    print(sorted(p.name for p in base.iterdir()))
    print(sorted(str(p.relative_to(base)) for p in base.glob("*.txt")), sorted(str(p.relative_to(base)) for p in base.glob("sub/*.py")))
    print(sorted(str(p.relative_to(base)) for p in base.rglob("*.py")), sorted(str(p.relative_to(base)) for p in base.glob("**/*.md")))
    try:
        (base / "sub").mkdir()
    except FileExistsError as e:
        print("FileExistsError")
    (base / "sub").mkdir(exist_ok=True)
    try:
        (base / "x" / "y").mkdir()
    except FileNotFoundError:
        print("FileNotFoundError")
    moved = f.rename(base / "renamed.txt")
    print(moved.name, f.exists(), moved.read_text().splitlines())
    with moved.open() as fh:
        print(fh.readline().strip())
    print(base.absolute().is_absolute(), Path.cwd().is_absolute(), base.resolve().name == base.name)
    try:
        (base / "nope.txt").read_text()
    except FileNotFoundError as e:
        print("FileNotFoundError:", e.errno)
    (base / "missing").unlink(missing_ok=True)
finally:
    for p in sorted(base.rglob("*"), key=lambda p: -len(p.parts)):
        if p.is_dir():
            p.rmdir()
        else:
            p.unlink()
    base.rmdir()
print(base.exists())
