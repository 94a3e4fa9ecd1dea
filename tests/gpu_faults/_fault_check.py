# Shared by the GPU fault scripts (tests/gpu_faults, bench/gpu/run_fault_tests.sh): each
# check prints "PASS name" or "FAIL name: why"; the runner fails a script that printed any
# FAIL, did not print "DONE", was killed by a signal or ran past its time.
import gpu

failures = []


def check(name, ok, why=""):
    if ok:
        print("PASS", name)
    else:
        failures.append(name)
        print("FAIL", name + ":", why)


def real_device():
    """True on a CUDA device (not the CPU backend, not the mock device)."""
    d = gpu.device()
    return gpu.backend() == "cuda" and "mock" not in d.get("name", "")


def done():
    print("DONE", "failures:", len(failures))
