#!/usr/bin/env python3
"""check_layers.py: fails when a source file's #include "..." points up krait's layer order,
or when library code reads the environment.

The layers, lowest first (docs/ARCHITECTURE.md draws them):

    include/          the public header, krait.h: everyone may include it
    vm/               values, objects, the collector, the bytecode VM
    frontend/         lexer, parser, compiler: on top of vm's objects
    gpu/runtime/      CUDA driver and NVRTC table, device, memory, streams, JIT: no vm/
    gpu/codegen/      generated CUDA C: source buffer, prelude, dtype list
    gpu/kernels/      the kernel library (fused elementwise, reductions, matmul, cuBLASLt)
    gpu/array/        the ndarray on vm objects
    gpu/backend/cpu/  the CPU backend's loops
    gpu/backend/cuda/ the CUDA backend (device buffers, lazy fusion)
    gpu/tile/         the tile compiler
    stdlib/           the native modules (stdlib/gpu/ is the gpu module)
    api/              the C API behind include/krait.h
    repl/             the krait command: the public API only

Each layer lists the layers it may include (its own files are always allowed). A layer
that needs something from above gets it through a hook the upper layer fills (Interp's
hooks, KernelCache.lt_free), never through an include. A file in a folder that is not a
layer fails too, so a new folder gets its place here before it gets code.

Settings come from the host (kr_config; the krait command maps its KRAIT_* variables onto
it), so no library file may call getenv except the script-facing ones in ENV_ALLOWED.

Usage: tools/check_layers.py [ROOT]     (ROOT: the repository, default this script's parent)
       tools/check_layers.py --self-test
Exit status 0 when every include points down and only ENV_ALLOWED reads the environment,
1 otherwise (each problem printed).
"""
import os
import re
import sys
import tempfile

GPU_BELOW_TILE = ["gpu/runtime", "gpu/codegen", "gpu/kernels", "gpu/array", "gpu/backend/cpu",
                  "gpu/backend/cuda"]
ALL_GPU = GPU_BELOW_TILE + ["gpu/tile"]

# layer -> the layers it may include besides itself.
ALLOWED = {
    "include": [],
    "vm": ["include"],
    "frontend": ["vm", "include"],
    "gpu/runtime": ["include"],
    "gpu/codegen": ["gpu/runtime", "include"],
    "gpu/kernels": ["gpu/codegen", "gpu/runtime", "include"],
    "gpu/array": ["vm", "gpu/kernels", "gpu/codegen", "gpu/runtime", "include"],
    "gpu/backend/cpu": ["gpu/array", "vm", "gpu/codegen", "include"],
    "gpu/backend/cuda": ["gpu/array", "gpu/kernels", "gpu/codegen", "gpu/runtime", "vm",
                         "include"],
    "gpu/tile": GPU_BELOW_TILE + ["vm", "frontend", "include"],
    "stdlib": ALL_GPU + ["vm", "frontend", "include"],
    "api": ["stdlib"] + ALL_GPU + ["vm", "frontend", "include"],
    "repl": ["include"],
}

# (including file, included file): the one edge against the order, and why.
EXCEPTIONS = {
    # vm_exec_source is the VM's entry from source text: it parses and compiles (Lua's
    # ldo.c calls its parser the same way); import and exec() reach the compiler through it.
    ("vm/exec.c", "frontend/ast.h"),
}

# Library files that may read the environment: what scripts ask for by name (os.getenv,
# os.environ, os.path.expanduser's HOME). The repl/ command may too: it is the host.
ENV_ALLOWED = {"stdlib/os.c", "stdlib/os_path.c"}
ENV_RE = re.compile(r"\b(secure_getenv|getenv|environ)\b")
COMMENT_RE = re.compile(r"/\*.*?\*/|//[^\n]*|\"(?:\\.|[^\"\\\n])*\"", re.S)

# Folders that hold no library code and are not checked.
SKIP = {"tests", "bench", "examples", "tools", "docs", "cmake", "build", ".git", ".ci"}

INCLUDE_RE = re.compile(r'^\s*#\s*include\s*"([^"]+)"', re.M)


def layer_of(rel):
    """The layer of a repository-relative path: the longest layer folder it is under."""
    best = None
    for layer in ALLOWED:
        if rel == layer or rel.startswith(layer + "/"):
            if best is None or len(layer) > len(best):
                best = layer
    return best


def check(root):
    problems = []
    for dirpath, dirnames, filenames in os.walk(root):
        rel_dir = os.path.relpath(dirpath, root)
        top = rel_dir.split(os.sep)[0]
        if top in SKIP or top.startswith("build") or (top.startswith(".") and top != "."):
            dirnames[:] = []
            continue
        dirnames.sort()
        for name in sorted(filenames):
            if not name.endswith((".c", ".h")):
                continue
            path = os.path.join(dirpath, name)
            rel = os.path.relpath(path, root).replace(os.sep, "/")
            src_layer = layer_of(rel)
            if src_layer is None:
                problems.append(f"{rel}: not in any layer (add its folder to tools/check_layers.py)")
                continue
            with open(path, encoding="utf-8", errors="replace") as f:
                text = f.read()
            if src_layer != "repl" and rel not in ENV_ALLOWED:
                # Code only: comments and string literals may name variables.
                code = COMMENT_RE.sub(lambda m: "\n" * m.group(0).count("\n"), text)
                for m in ENV_RE.finditer(code):
                    line = code.count("\n", 0, m.start()) + 1
                    problems.append(f"{rel}:{line}: {m.group(1)}: library code does not read "
                                    "the environment (settings come from kr_config)")
            for m in INCLUDE_RE.finditer(text):
                line = text.count("\n", 0, m.start()) + 1
                target = m.group(1)
                cand = os.path.normpath(os.path.join(dirpath, target))
                if not os.path.exists(cand):
                    cand = os.path.normpath(os.path.join(root, "include", target))
                if not os.path.exists(cand):
                    problems.append(f"{rel}:{line}: #include \"{target}\" not found")
                    continue
                trel = os.path.relpath(cand, root).replace(os.sep, "/")
                tlayer = layer_of(trel)
                if tlayer == src_layer or (rel, trel) in EXCEPTIONS:
                    continue
                if tlayer is None or tlayer not in ALLOWED[src_layer]:
                    problems.append(f"{rel}:{line}: #include \"{target}\": {src_layer} may not "
                                    f"include {tlayer or trel} (layers point down)")
    return problems


def self_test():
    """The check fails on an upward include and on a file outside the layers, passes on a
    downward one."""
    def tree(files):
        d = tempfile.mkdtemp(prefix="check_layers_")
        for rel, text in files.items():
            p = os.path.join(d, rel)
            os.makedirs(os.path.dirname(p), exist_ok=True)
            with open(p, "w") as f:
                f.write(text)
        return d

    base = {"include/krait.h": "", "vm/interp.h": '#include "../include/krait.h"\n',
            "gpu/array/array.h": '#include "../../vm/interp.h"\n',
            "stdlib/modules.h": '#include "../vm/interp.h"\n#include "krait.h"\n'}
    ok = check(tree(base))
    up = check(tree(dict(base, **{"vm/import.c": '#include "../stdlib/modules.h"\n'})))
    side = check(tree(dict(base, **{"gpu/runtime/device.c": '#include "../array/array.h"\n'})))
    stray = check(tree(dict(base, **{"gpu/misc.c": "\n"})))
    missing = check(tree(dict(base, **{"vm/x.c": '#include "nothere.h"\n'})))
    env = check(tree(dict(base, **{"gpu/runtime/jit.c": 'const char *d = getenv("X");\n',
                                   "vm/y.c": '/* not getenv */ const char *s = "getenv";\n',
                                   "repl/main.c": 'const char *h = getenv("HOME");\n'})))
    results = [("downward includes pass", ok == []),
               ("vm -> stdlib fails", len(up) == 1 and "vm may not include stdlib" in up[0]),
               ("gpu/runtime -> gpu/array fails", len(side) == 1 and "gpu/array" in side[0]),
               ("a file outside the layers fails", len(stray) == 1 and "not in any layer" in stray[0]),
               ("an unresolved include fails", len(missing) == 1 and "not found" in missing[0]),
               ("getenv in library code fails, in comments/strings/repl it does not",
                len(env) == 1 and env[0].startswith("gpu/runtime/jit.c:1: getenv"))]
    for what, good in results:
        print(("ok   " if good else "FAIL ") + what)
    return 0 if all(g for _, g in results) else 1


def main(argv):
    if len(argv) > 1 and argv[1] == "--self-test":
        return self_test()
    root = argv[1] if len(argv) > 1 else os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    problems = check(root)
    for p in problems:
        print(p)
    if problems:
        print(f"check_layers: {len(problems)} problem(s)")
        return 1
    print("check_layers: every include points down; no library code reads the environment")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
