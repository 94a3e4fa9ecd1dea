# cuda.core on the CPU backend: Program.compile runs NVRTC (no GPU needed), its errors carry
# NVRTC's log and the source line, bad launch arguments raise TypeError before anything is
# launched, and a launch without a GPU raises RuntimeError. Every line is a check against a
# reference the script computes itself (the ELF header of the CUBIN, the line of the bad
# statement found in the source); the .exp is written by tests/gen_expected_checks.py.
import numpy as np
import gpu
from cuda.core import Device, Program, ProgramOptions, LaunchConfig, launch
import cuda.core
import gpu.core


def check(label, ok):
    print(label, "ok" if ok else "FAILED")


def raises(fn, kind, *words):
    try:
        fn()
    except kind as e:
        msg = str(e)
        for w in words:
            if w not in msg:
                print("   message lacks", repr(w), "in", repr(msg))
                return False
        return True
    except Exception as e:
        print("   raised", type(e).__name__, e)
        return False
    print("   did not raise")
    return False


check("gpu.core is cuda.core", gpu.core is cuda.core)
check("gpu.core.Program is Program", gpu.core.Program is Program)

dev = Device(0)
dev.set_current()
check("Device(0).name on the CPU backend", dev.name == "cpu")
check("Device().device_id", Device().device_id == 0)
check("compute_capability needs a GPU",
      raises(lambda: dev.compute_capability, RuntimeError, "needs a GPU"))
check("Device(1) ValueError", raises(lambda: Device(1), ValueError, "Device(0)"))
check("Device('0') TypeError", raises(lambda: Device("0"), TypeError, "int"))
s = dev.create_stream()
check("create_stream gives a gpu.Stream", isinstance(s, gpu.Stream))

SAXPY = """
extern "C" __global__ void saxpy(float a, const float *x, float *y, long long n) {
    long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x;
    if (i < n) y[i] = a * x[i] + y[i];
}
"""


def elf_ok(code):
    # ELF magic, 64-bit, little-endian, e_machine EM_CUDA (190)
    return (isinstance(code, bytes) and len(code) > 64 and code[:4] == b"\x7fELF"
            and code[4] == 2 and code[5] == 1 and code[18] + 256 * code[19] == 190)




def cubin(arch):
    return Program(SAXPY, "c++", ProgramOptions(arch=arch)).compile("cubin").code


check("compile for sm_90 gives a CUDA ELF", elf_ok(cubin("sm_90")))
check("compile for sm_80 gives a CUDA ELF", elf_ok(cubin("sm_80")))
check("compile for '90' gives a CUDA ELF", cubin("90") == cubin("sm_90"))
oc = Program(SAXPY, "c++", ProgramOptions(arch="sm_90")).compile("cubin")
oc2 = Program(SAXPY, "c++", ProgramOptions(arch="sm_90")).compile("cubin")
check("same source, same CUBIN", oc.code == oc2.code)
check("code_type", oc.code_type == "cubin")
k = oc.get_kernel("saxpy")
check("get_kernel name", k.name == "saxpy")

CXX20 = """
template <typename T> concept Small = sizeof(T) <= 4;
template <Small T> __device__ T twice(T v) { return v + v; }
extern "C" __global__ void k(int *p) { p[0] = twice(p[0]); }
"""
oc20 = Program(CXX20, "c++", ProgramOptions(arch="sm_90", std="c++20")).compile("cubin")
check("std=c++20 compiles a concept", elf_ok(oc20.code))
check("std=c++17 rejects it", raises(
    lambda: Program(CXX20, "c++", ProgramOptions(arch="sm_90", std="c++17")).compile("cubin"),
    RuntimeError, "NVRTC"))

MACRO = 'extern "C" __global__ void k(float *p) { p[0] = SCALE; }\n'
ocm = Program(MACRO, "c++", ProgramOptions(arch="sm_90", define_macro=("SCALE", "2.0f")))
check("define_macro", elf_ok(ocm.compile("cubin").code))

BAD = """extern "C" __global__ void bad(float *p) {
    float x = p[0];
    p[0] = x * undefined_name;
}
"""
bad_line = [i + 1 for i, t in enumerate(BAD.split("\n")) if "undefined_name" in t][0]
bad_text = BAD.split("\n")[bad_line - 1]
msg = None
try:
    Program(BAD, "c++", ProgramOptions(arch="sm_90", name="bad.cu")).compile("cubin")
except RuntimeError as e:
    msg = str(e)
check("NVRTC error raises", msg is not None)
if msg is not None:
    check("the message names the program", "bad.cu(%d): error" % bad_line in msg)
    check("the log names the identifier", "undefined_name" in msg)
    check("the message quotes the source line", ("line %d: %s" % (bad_line, bad_text)) in msg)

check("code_type ptx ValueError",
      raises(lambda: Program(SAXPY, "ptx"), ValueError, "code_type"))
check("target ptx ValueError",
      raises(lambda: Program(SAXPY, "c++", ProgramOptions(arch="sm_90")).compile("ptx"),
             ValueError, "target_type"))
check("no arch without a GPU ValueError",
      raises(lambda: Program(SAXPY, "c++").compile("cubin"), ValueError, "arch"))
check("bad arch RuntimeError",
      raises(lambda: Program(SAXPY, "c++", ProgramOptions(arch="sm_9;0")).compile("cubin"),
             RuntimeError, "architecture"))
check("Program(bytes) TypeError", raises(lambda: Program(b"x", "c++"), TypeError, "str"))

cfg = LaunchConfig(grid=4, block=(256,), shmem_size=0)
check("LaunchConfig dims", cfg.grid == (4, 1, 1) and cfg.block == (256, 1, 1))
check("LaunchConfig bad grid TypeError",
      raises(lambda: LaunchConfig(grid="4", block=1), TypeError, "grid"))
check("LaunchConfig without block ValueError",
      raises(lambda: LaunchConfig(grid=1), ValueError, "block"))

n = 1000
x = np.arange(n, dtype=np.float32)
y = np.ones(n, dtype=np.float32)
check("str argument TypeError", raises(
    lambda: launch(s, cfg, k, np.float32(2.0), x, "y", np.int64(n)), TypeError,
    "argument 2", "'str'"))
check("list argument TypeError", raises(
    lambda: launch(s, cfg, k, np.float32(2.0), x, [1.0], np.int64(n)), TypeError,
    "argument 2", "'list'"))
check("None argument TypeError", raises(
    lambda: launch(s, cfg, k, None, x, y, n), TypeError, "argument 0"))
check("kernel not a Kernel TypeError",
      raises(lambda: launch(s, cfg, "saxpy", x), TypeError, "Kernel"))
check("config not a LaunchConfig TypeError",
      raises(lambda: launch(s, (1, 1), k, x), TypeError, "LaunchConfig"))
check("stream not a Stream TypeError", raises(lambda: launch(5, cfg, k, x), TypeError, "stream"))
check("launch without a GPU RuntimeError", raises(
    lambda: launch(s, cfg, k, np.float32(2.0), x, y, np.int64(n)), RuntimeError, "needs a GPU"))
check("launch on the current stream without a GPU RuntimeError", raises(
    lambda: launch(None, cfg, k, 2.0, x, y, n, True, np.int8(1), np.float16(1)), RuntimeError,
    "needs a GPU"))
check("y untouched", bool((y == 1).all()))

rk = gpu.RawKernel('extern "C" __global__ void f(float *x) {}', "f")
check("RawKernel repr", repr(rk) == "<RawKernel f>")
check("RawKernel name TypeError", raises(lambda: gpu.RawKernel("x", 1), TypeError, "str"))
check("RawKernel jitify ValueError", raises(lambda: gpu.RawKernel("x", "f", jitify=True),
                                            ValueError, "jitify"))
check("RawKernel args TypeError", raises(lambda: rk((1,), (1,), [x]), TypeError, "tuple"))
check("RawKernel call without a GPU RuntimeError", raises(lambda: rk((1,), (1,), (x,)),
                                                          RuntimeError, "needs a GPU"))
check("RawKernel stream TypeError", raises(lambda: rk(1, 1, (x,), stream=3), TypeError, "Stream"))
import _cuda_core  # the native launch checks grid and block before anything else
check("native grid str TypeError", raises(lambda: _cuda_core.launch(0, "x", 1, 0, None, ()),
                                          TypeError, "int or a tuple of 1 to 3"))
check("native grid 0 ValueError", raises(lambda: _cuda_core.launch(0, (0,), 1, 0, None, ()),
                                         ValueError, "1..2^31-1"))
check("native block 4-tuple TypeError",
      raises(lambda: _cuda_core.launch(0, 1, (1, 1, 1, 1), 0, None, ()), TypeError, "block"))
check("Device.create_event", isinstance(Device(0).create_event(), gpu.Event))
