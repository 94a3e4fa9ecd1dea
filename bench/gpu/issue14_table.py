# issue14_table.py: issue 14's table from one device call. Reads the output of
# bench/gpu/user_patterns.py (krait), bench/gpu/bench.py (krait) and
# bench/gpu/user_patterns_torch.py (PyTorch, CuPy) and prints every row of the table:
# krait's figure beside the peers' from the same call, the goal and whether it is met.
#   python3 bench/gpu/issue14_table.py up.log bench.log upt.log
# bench/gpu/device/issue14.sh runs the three and this. Exit status 1 when a self-check of
# user_patterns.py failed or a row has no krait figure (or an impossible one: a matmul row past
# the device's peak timed nothing).
import sys

# (label, krait's PATTERN name, goal, "ge" higher is better / "le" lower is better)
ROWS = [
    ("c = a + b; c[0], 2^28 (TB/s)", "c=a+b;c[0]_2^28", 4.1, "ge"),
    ("c = (a*2+b)*a - 1; c[0] (TB/s, 2 in 1 out)", "c=(a*2+b)*a-1;c[0]_2^28", 4.0, "ge"),
    ("((a - b)**2).sum() (TB/s, reads 2)", "((a-b)**2).sum()_2^28", 4.0, "ge"),
    ("(a + b).sum() (TB/s)", "(a+b).sum()_2^28", 4.0, "ge"),
    ("softmax over rows with array ops, 8192^2 (TB/s)", "softmax_rows_array_ops_8192", 3.0, "ge"),
    ("layer norm over rows with array ops, 8192^2 (TB/s)", "layer_norm_rows_array_ops_8192", 3.0,
     "ge"),
    ("t[...] = t + 1, 16 elements (us)", "t[...]=t+1_16_elements", 5.0, "le"),
    ("(u*v + 1).sum(), 16 elements, in a loop (us)", "(u*v+1).sum()_16_elements_loop", 8.0, "le"),
    ("40 x (16 GB np.ones, z[0] = i, drop) (s)", "40x(ones(4294967296),z[0]=i,drop)", 2.0, "le"),
    ("first use of a new fused expression, fresh process (ms)", "first_use_new_fused_expression",
     20.0, "le"),
    ("x @ y bf16 8192, plain script, fresh result (TFLOP/s)", "x@y_bf16_8192_fresh_result", 800.0,
     "ge"),
    ("x @ y bf16 8192, plain script, out= (TFLOP/s)", "x@y_bf16_8192_out=", 800.0, "ge"),
    ("x @ y bf16 8192, after bench.py's preamble (TFLOP/s)",
     "x@y_bf16_8192_after_bench.py_preamble", 800.0, "ge"),
    ("x @ y bf16 8192 in bench/gpu/bench.py (TFLOP/s)", "BENCH:matmul_bfloat16_8192", 800.0, "ge"),
]
# bench/gpu/sort_scan.py's rows (ms, lower is better): the goal is PyTorch's figure from the
# same call ("peer"), as the issue asks these to run on the device at a peer's speed
for _e in (24, 26):
    ROWS += [
        ("np.sort float32, 2^%d (ms)" % _e, "sort_f32_2^%d" % _e, None, "peer"),
        ("np.argsort float32 stable, 2^%d (ms)" % _e, "argsort_f32_2^%d" % _e, None, "peer"),
        ("np.sort int64, 2^%d (ms)" % _e, "sort_i64_2^%d" % _e, None, "peer"),
        ("np.unique int32 (65536 values), 2^%d (ms)" % _e, "unique_i32_65536_values_2^%d" % _e,
         None, "peer"),
        ("np.cumsum float32, 2^%d (ms)" % _e, "cumsum_f32_2^%d" % _e, None, "peer"),
        ("np.nonzero(mask), 2^%d (ms)" % _e, "nonzero_2^%d" % _e, None, "peer"),
        ("a[a > 0.5], 2^%d (ms)" % _e, "a[a>0.5]_2^%d" % _e, None, "peer"),
        ("a[idx] (2^%d int64 indexes) (ms)" % _e, "a[idx]_2^%d" % _e, None, "peer"),
        ("np.sort rows of 4096 float32, 2^%d (ms)" % _e, "sort_rows_f32_x4096_2^%d" % _e, None,
         "peer"),
    ]
SORT_SCAN = {r[1] for r in ROWS if r[3] == "peer"}
# the peers' names where they differ from krait's
PEER_NAME = {"x@y_bf16_8192_out=": "x@y_bf16_8192_fresh_result",
             "x@y_bf16_8192_after_bench.py_preamble": "x@y_bf16_8192_fresh_result",
             "BENCH:matmul_bfloat16_8192": "x@y_bf16_8192_fresh_result"}
EXTRA_PEERS = {"softmax_rows_array_ops_8192": "torch.softmax_8192",
               "layer_norm_rows_array_ops_8192": "F.layer_norm_8192"}


def read(paths):
    krait, peers, fails, other = {}, {}, [], []
    for path in paths:
        try:
            lines = open(path).read().splitlines()
        except OSError as e:
            print("cannot read", path, e)
            continue
        for ln in lines:
            f = ln.split()
            if len(f) >= 4 and f[0] == "PATTERN" and f[1] in ("torch", "cupy"):
                peers[(f[1], f[2])] = float(f[3])
            elif len(f) >= 3 and f[0] == "PATTERN":
                krait[f[1]] = float(f[2])
            elif len(f) >= 3 and f[0] == "BENCH":
                krait["BENCH:" + f[1]] = float(f[2])
            elif ln.startswith("CHECK") and ln.endswith("FAIL"):
                fails.append(ln)
            elif ln.startswith(("DIAG", "matmul_")):
                other.append(ln)
    return krait, peers, fails, other


# the H200's dense bf16 tensor peak (989 TFLOP/s at its boost clock), rounded up
PEAK_TFLOPS = 1000.0


def unit_of(label):
    return label.rsplit("(", 1)[-1].rstrip(")") if label.endswith(")") else ""


def fmt(v):
    return "-" if v is None else ("%.3g" % v if v < 100 else "%.0f" % v)


def main(argv):
    krait, peers, fails, other = read(argv[1:])
    print("| pattern (float32 unless said) | krait | PyTorch | CuPy | goal | met |")
    print("| --- | --- | --- | --- | --- | --- |")
    missing = 0
    ratio = []
    for label, name, goal, way in ROWS:
        k = krait.get(name)
        pn = PEER_NAME.get(name, name)
        t, c = peers.get(("torch", pn)), peers.get(("cupy", pn))
        if c is None:
            c = peers.get(("cupy", pn.replace("bf16", "fp16")))
        extra = EXTRA_PEERS.get(name)
        ts = fmt(t)
        if extra and ("torch", extra) in peers:
            ts += " (%s %s)" % (extra.rsplit("_", 1)[0], fmt(peers[("torch", extra)]))
        if way == "peer":  # PyTorch's figure from this call (lower is better)
            goal, way = t, "le"
        if k is None:
            missing += 1
            met = "no figure"
        elif goal is None:
            met = "no peer figure"
        elif unit_of(label) == "TFLOP/s" and k > PEAK_TFLOPS:
            # past the H200's dense bf16 peak: the timing held no product (a lazy result
            # nothing computed); counted as a missing figure
            missing += 1
            met = "implausible (above the %.0f TFLOP/s peak: timed nothing)" % PEAK_TFLOPS
        else:
            met = "yes" if (k >= goal if way == "ge" else k <= goal) else "no"
        print("| %s | %s | %s | %s | %s %s | %s |" % (label, fmt(k), ts, fmt(c),
                                                      ">=" if way == "ge" else "<=", fmt(goal), met))
        if way == "le" and goal is not None and k is not None and name in SORT_SCAN:
            ratio.append(k / goal)
    again = krait.get("c=a+b;c[0]_2^28_again")
    if again is not None:
        print("c = a + b measured again after the other patterns: %s TB/s" % fmt(again))
    for ln in other:
        print(ln)
    for ln in fails:
        print(ln)
    if ratio:
        g = 1.0
        for x in ratio:
            g *= x
        print("sort/scan rows: krait's time over PyTorch's, geomean %.2f, worst %.2f" %
              (g ** (1.0 / len(ratio)), max(ratio)))
    print("rows without a krait figure:", missing, "; failed self-checks:", len(fails))
    return 1 if missing or fails else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
