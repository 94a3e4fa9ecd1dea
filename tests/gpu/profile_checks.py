# gpu.profile(): on the mock device (gpu_mock/profile_checks) every launch and copy of the
# block is recorded with the script line that caused it, the bytes a copy moved, durations on
# one timeline, nested profiles see their own slice, the table and the Chrome trace hold the
# same records; on the CPU backend (gpu/profile_checks) nothing runs through CUDA and the
# profile says so. Every line is a check against what the script computes itself (the lines
# of the statements are found in its own source by their marker comments); the .exp is
# written by tests/gen_expected_checks.py.
import json
import numpy as np
import gpu


def check(label, ok):
    print(label, "ok" if ok else "FAILED")


def line_of(marker):
    with open(__file__) as f:
        for n, text in enumerate(f, 1):
            if text.rstrip().endswith("# " + marker) and "line_of" not in text:
                return n
    return -1


class Sink:
    def __init__(self):
        self.parts = []

    def write(self, s):
        self.parts.append(s)


cuda = gpu.backend() == "cuda"
a = np.arange(1000, dtype=np.float32)
b = np.ones(1000, dtype=np.float32)
a.sum()  # both made on the device before the profile

out = Sink()
with gpu.profile(file=out) as p:
    e = (a - b) * 3  # @expr
    h = e.tolist()  # @read
kinds = [r.kind for r in p.records]
check("backend named", p.backend == ("cuda" if cuda else "cpu"))
check("records only on the CUDA backend", (len(p.records) > 0) == cuda)
check("the table printed at the end", "".join(out.parts) == p.table() + "\n")
check("cpu says nothing ran", cuda or "CPU backend" in p.table())
kernels = [r for r in p.records if r.kind == "kernel"]
# (a new expression's first launch may run on the graph-interpreting kernel on a GPU)
check("one fused kernel",
      not cuda or [r.name for r in kernels] in (["kr_fuse"], ["kr_fuse_interp"]))
# the lazy expression runs where it is read: the kernel belongs to the tolist line
check("kernel at the reading line",
      not cuda or (kernels[0].line == line_of("@read") and kernels[0].file == __file__))
# krait's own kernels know what they move: the fused kernel reads a and b and writes e
check("fused kernel bytes", not cuda or kernels[0].bytes == a.nbytes + b.nbytes + e.nbytes)
with gpu.profile(print=False) as r2:
    s = float(((a - b) ** 2).sum())  # @sumsq
    m = np.arange(64, dtype=np.float32).reshape(8, 8)
    mm = (m @ m)[0, 0]  # @mm
    z = np.zeros((100, 3), dtype=np.float32)
red = [r for r in r2.records if r.kind == "kernel" and r.line == line_of("@sumsq")]
check("fused reduction bytes", not cuda or (red and red[0].bytes == a.nbytes + b.nbytes + 4))
mmk = [r for r in r2.records if r.line == line_of("@mm") and r.kind in ("kernel", "matmul")]
check("matmul flops", not cuda or any(r.flops == 2.0 * 8 * 8 * 8 for r in mmk))
check("a table line names a rate", not cuda or "GB/s" in r2.table())
copies = [r for r in p.records if r.kind == "copy DtoH"]
check("the result copied back", not cuda or sum(r.bytes for r in copies) >= e.nbytes)
check("copies at the reading line", all(r.line == line_of("@read") for r in copies))
check("times are non-negative", all(r.ms >= 0 and r.start_ms >= 0 for r in p.records))
starts = [r.start_ms for r in p.records if r.kind != "compile"]
check("one stream: starts in order", starts == sorted(starts))
check("values unchanged", h == [(x - 1.0) * 3 for x in range(1000)])

# nesting: the inner profile sees its block, the outer one everything
with gpu.profile(print=False) as outer:
    c = a + 1  # @outer
    c.tolist()  # @outer_read
    with gpu.profile(print=False) as inner:
        d = a * 5  # @inner
        d.tolist()  # @inner_read
    f = (a + 2).tolist()  # @after
check("inner only its own", all(r.line == line_of("@inner_read") for r in inner.records))
check("inner has work", (len(inner.records) > 0) == cuda)
check("outer has all", not cuda or len(outer.records) > len(inner.records))
check("outer has the inner records", not cuda or
      [(r.kind, r.line) for r in outer.records if r.line == line_of("@inner_read")] ==
      [(r.kind, r.line) for r in inner.records])
lines = sorted(set(r.line for r in outer.records))
check("outer lines", not cuda or lines == sorted([line_of("@outer_read"), line_of("@inner_read"),
                                                  line_of("@after")]))

# summary groups by kind, name and line, sorted by total time
s = outer.summary()
check("summary counts", sum(g["count"] for g in s) == len(outer.records))
check("summary sorted", [g["total_ms"] for g in s] == sorted([g["total_ms"] for g in s],
                                                              reverse=True))
check("summary total", abs(sum(g["total_ms"] for g in s) - outer.total_ms()) < 1e-9)
t = outer.table()
check("table rows", not cuda or len(t.split("\n")) == len(s) + 3)
check("table footer", not cuda or t.split("\n")[-1].startswith("%d records" % len(outer.records)))

# the Chrome trace
tr = json.loads(json.dumps(outer.trace()))
spans = [ev for ev in tr["traceEvents"] if ev["ph"] == "X"]
check("trace has every record", len(spans) == len(outer.records))
check("trace names", [ev["name"] for ev in spans] == [r.name for r in outer.records])
check("trace in microseconds",
      all(abs(ev["dur"] - r.ms * 1e3) < 1e-6 for ev, r in zip(spans, outer.records)))
check("trace rows named", len([ev for ev in tr["traceEvents"] if ev["ph"] == "M"]) == 2)
path = "/tmp/krait_profile_checks_%d.json" % len(outer.records)
outer.save_trace(path)
with open(path) as f:
    check("trace file reads back", json.load(f) == tr)

# an exception in the block ends the profile and propagates
try:
    with gpu.profile(print=False) as q:
        (a * 7).tolist()  # @raise
        raise ValueError("boom")
except ValueError as ex:
    check("exception propagates", str(ex) == "boom")
check("records kept after an exception", all(r.line == line_of("@raise") for r in q.records) and
      (len(q.records) > 0) == cuda)
with gpu.profile(print=False) as empty:
    pass
check("an empty block has no records", empty.records == [])
import _gpuprof
try:
    _gpuprof.stop("x")
    bad = False
except TypeError as ex:
    bad = "index" in str(ex)
check("bad stop argument", bad)
