# linalg_check.py: a self-checking run of numpy.linalg on the CUDA backend (cuSOLVER), for
# the H200. Every function on random well-conditioned matrices, small odd sizes to 1024,
# stacks, float32 and float64, checked by residuals (A x = b, Q R = A, U S Vh = A, ...)
# against tolerances, plus the errors; prints one line per check with its time (the check's
# own products included) and exits 1
# if any check failed. From the repository root:
#
#   KRAIT_DEVICE=cuda build/krait bench/gpu/linalg_check.py
#
# (tests/gpu/linalg_*.py compare the outputs with NumPy's: bench/gpu/run_gpu_tests.sh.)
import sys
import time

import numpy as np

LA = np.linalg
failures = []


def check(name, ok, t0):
    ms = (time.perf_counter() - t0) * 1e3
    print(f"{'ok  ' if ok else 'FAIL'} {name:44s} {ms:9.2f} ms")
    if not ok:
        failures.append(name)
    sys.stdout.flush()


def rel(x, y):
    return float(LA.norm(x - y)) / max(float(LA.norm(y)), 1e-300)


print("backend:", np.backend(), "library:", LA._library())
if np.backend() == "cuda" and "mock" not in LA._library() and "cusolver" not in LA._library():
    failures.append("library")
rng = np.random.default_rng(7)
for dt, tol in ((np.float64, 1e-9), (np.float32, 1e-4)):
    for n in (1, 3, 17, 64, 255) + ((1024,) if "cusolver" in LA._library() else ()):
        a = (rng.random((n, n)) - 0.5 + n * np.eye(n)).astype(dt)
        b = (rng.random((n, 3)) - 0.5).astype(dt)
        tag = f"{np.dtype(dt).name} n={n}"
        t0 = time.perf_counter()
        x = LA.solve(a, b)
        check(f"solve {tag}", x.dtype == dt and rel(a @ x, b) < tol, t0)
        t0 = time.perf_counter()
        ai = LA.inv(a)
        check(f"inv {tag}", rel(a @ ai, np.eye(n, dtype=dt)) < tol * n, t0)
        t0 = time.perf_counter()
        d = LA.slogdet(a)
        check(f"slogdet {tag}", float(d.sign) == 1.0 and abs(float(d.logabsdet)) < 1e6, t0)
        s = (a @ a.T + n * np.eye(n, dtype=dt)).astype(dt)
        t0 = time.perf_counter()
        L = LA.cholesky(s)
        check(f"cholesky {tag}", rel(L @ L.T, s) < tol, t0)
        t0 = time.perf_counter()
        w, v = LA.eigh(s)
        check(f"eigh {tag}", rel(s @ v, v * w) < tol * 10, t0)
        m = (rng.random((n + 5, n)) - 0.5).astype(dt)
        t0 = time.perf_counter()
        u, sv, vh = LA.svd(m, full_matrices=False)
        check(f"svd tall {tag}", rel((u * sv) @ vh, m) < tol * 10, t0)
        t0 = time.perf_counter()
        u, sv, vh = LA.svd(m.T)
        check(f"svd wide full {tag}", u.shape == (n, n) and vh.shape == (n + 5, n + 5) and
              rel(u[:, :n] * sv @ vh[:n], m.T) < tol * 10, t0)
        t0 = time.perf_counter()
        q, r = LA.qr(m)
        check(f"qr {tag}", rel(q @ r, m) < tol and rel(q.T @ q, np.eye(n, dtype=dt)) < tol * 10,
              t0)
        t0 = time.perf_counter()
        x, res, rank, sv = LA.lstsq(m, b[:1].repeat(n + 5, axis=0)[:, 0])
        check(f"lstsq {tag}", rank == n, t0)
    t0 = time.perf_counter()
    a = (rng.random((64, 16, 16)) - 0.5 + 16 * np.eye(16)).astype(dt)
    check(f"inv stack 64x16x16 {np.dtype(dt).name}",
          rel(np.matmul(a, LA.inv(a)), np.zeros((64, 16, 16), dt) + np.eye(16, dtype=dt)) < tol,
          t0)
for f, arg, msg in ((LA.inv, np.zeros((3, 3)), "Singular matrix"),
                    (LA.cholesky, -np.eye(3), "Matrix is not positive definite"),
                    (LA.solve, np.ones((2, 3)), "Last 2 dimensions of the array must be square")):
    t0 = time.perf_counter()
    try:
        f(arg) if f is not LA.solve else f(arg, np.ones(2))
        check(f"{f.__name__} raises", False, t0)
    except LA.LinAlgError as e:
        check(f"{f.__name__} raises {msg!r}", str(e) == msg, t0)
print(f"{len(failures)} failed" + (": " + ", ".join(failures) if failures else ""))
sys.exit(1 if failures else 0)
