"""cuda.core: NVIDIA's Pythonic CUDA runtime names (cuda.core 1.x) over krait's runtime:
Device, Program/ProgramOptions (CUDA C++ compiled in-process by NVRTC through krait's JIT
caches), ObjectCode.get_kernel, LaunchConfig and launch with gpu arrays and scalars. The
native half is _cuda_core (stdlib/gpu/gpu_core.c); also importable as gpu.core. docs/CUDA.md."""
import _cuda_core
import gpu

__all__ = ["Device", "Program", "ProgramOptions", "ObjectCode", "Kernel", "LaunchConfig",
           "launch", "ComputeCapability", "RawKernel"]


class ComputeCapability(tuple):
    """(major, minor), with .major and .minor as cuda.core's namedtuple has them."""

    def __new__(cls, major, minor):
        return tuple.__new__(cls, (major, minor))

    @property
    def major(self):
        return self[0]

    @property
    def minor(self):
        return self[1]

    def __repr__(self):
        return "ComputeCapability(major=%d, minor=%d)" % (self[0], self[1])


class Device:
    """A CUDA device. krait drives one device (gpu.device()), so only device 0 exists; on
    the CPU backend Device(0) still works, reports name 'cpu' and cannot launch."""

    def __init__(self, device_id=None):
        if device_id is None:
            device_id = 0
        if type(device_id) is not int:
            raise TypeError("Device: device_id must be an int, not %s" % type(device_id).__name__)
        if device_id != 0:
            raise ValueError("Device(%d): krait drives one device, Device(0)" % device_id)
        self.device_id = 0

    def _info(self):
        return gpu.device()

    @property
    def name(self):
        return self._info()["name"]

    @property
    def compute_capability(self):
        info = self._info()
        if "compute_capability" not in info:
            raise RuntimeError("Device.compute_capability needs a GPU: krait runs on the CPU "
                               "backend here")
        major, minor = info["compute_capability"].split(".")
        return ComputeCapability(int(major), int(minor))

    @property
    def arch(self):
        cc = self.compute_capability
        return "%d%d" % (cc[0], cc[1])

    def set_current(self):
        self._info()  # starts CUDA where there is a GPU; krait's context is always current

    def create_stream(self, obj=None, options=None):
        if obj is not None:
            raise ValueError("Device.create_stream: wrapping a foreign stream is not supported")
        return gpu.Stream()

    def create_event(self, options=None):
        """A gpu.Event: record(stream), synchronize(), query(), elapsed_time(other)."""
        return gpu.Event()

    def sync(self):
        gpu.synchronize()

    def __repr__(self):
        return "<Device 0 (%s)>" % self.name


def _macros(value):
    if value is None:
        return []
    if isinstance(value, (str, tuple)):
        value = [value]
    out = []
    for m in value:
        if isinstance(m, tuple):
            if len(m) != 2:
                raise ValueError("ProgramOptions: define_macro pairs are (name, value)")
            out.append("--define-macro=%s=%s" % (m[0], m[1]))
        else:
            out.append("--define-macro=%s" % m)
    return out


class ProgramOptions:
    """The NVRTC options cuda.core's ProgramOptions names that krait passes on: arch
    ("sm_90"), std ("c++17", the default, or "c++20"), name, use_fast_math, lineinfo,
    define_macro (a str, (name, value) or a list of them), include_path."""

    def __init__(self, name="default_program", arch=None, std=None, use_fast_math=False,
                 lineinfo=False, define_macro=None, include_path=None):
        for key, v in (("name", name), ("arch", arch), ("std", std)):
            if v is not None and not isinstance(v, str):
                raise TypeError("ProgramOptions: %s must be a str" % key)
        if arch is not None and not arch.startswith("sm_"):
            arch = "sm_" + arch  # cuda.core accepts "90" too
        self.name = name
        self.arch = arch
        self.std = std
        self.use_fast_math = use_fast_math
        self.lineinfo = lineinfo
        self.define_macro = define_macro
        self.include_path = include_path

    def _nvrtc(self):
        out = []
        if self.std is not None and self.std != "c++17":
            out.append("-std=" + self.std)
        if self.use_fast_math:
            out.append("--use_fast_math")
        if self.lineinfo:
            out.append("-lineinfo")
        out.extend(_macros(self.define_macro))
        paths = self.include_path
        if isinstance(paths, str):
            paths = [paths]
        for p in paths or []:
            out.append("--include-path=" + p)
        return tuple(out)


class ObjectCode:
    """A compiled CUBIN (.code: its bytes) and what made it, to load kernels from."""

    def __init__(self, code, source, options):
        self.code = code
        self.code_type = "cubin"
        self._source = source
        self._options = options

    def get_kernel(self, name):
        if not isinstance(name, str):
            raise TypeError("get_kernel: name must be a str")
        o = self._options
        if gpu.backend() == "cpu":
            return Kernel(self, name, None)
        return Kernel(self, name, _cuda_core.function(self._source, o.name, o.arch, o._nvrtc(),
                                                      name))


class Kernel:
    """A __global__ function of an ObjectCode (declare it extern "C" to find it by name)."""

    def __init__(self, code, name, handle):
        self._code = code
        self.name = name
        self._handle = handle

    def __repr__(self):
        return "<Kernel %s>" % self.name


class Program:
    """Program(source, "c++", options).compile("cubin"): NVRTC in-process, through krait's
    memory and disk caches; works without a GPU when options.arch is given."""

    def __init__(self, code, code_type, options=None):
        if not isinstance(code, str):
            raise TypeError("Program: code must be a str")
        if code_type != "c++":
            raise ValueError("Program: code_type %r is not supported (only 'c++')" % (code_type,))
        if options is None:
            options = ProgramOptions()
        if not isinstance(options, ProgramOptions):
            raise TypeError("Program: options must be a ProgramOptions")
        self.code = code
        self.options = options

    def compile(self, target_type="cubin"):
        if target_type != "cubin":
            raise ValueError("Program.compile: target_type %r is not supported (only 'cubin')"
                             % (target_type,))
        o = self.options
        if o.arch is None and gpu.backend() == "cpu":
            raise ValueError("Program.compile: without a GPU give ProgramOptions(arch='sm_90')")
        code = _cuda_core.compile(self.code, o.name, o.arch, o._nvrtc())
        return ObjectCode(code, self.code, o)


def _dim3(v, what):
    if isinstance(v, int) and not isinstance(v, bool):
        return (v, 1, 1)
    if isinstance(v, tuple) and 1 <= len(v) <= 3:
        return tuple(v) + (1,) * (3 - len(v))
    raise TypeError("LaunchConfig: %s must be an int or a tuple of 1 to 3 ints" % what)


class LaunchConfig:
    """grid and block: an int or a tuple of 1 to 3 ints; shmem_size: dynamic shared bytes."""

    def __init__(self, grid=None, block=None, shmem_size=None):
        if grid is None or block is None:
            raise ValueError("LaunchConfig: grid and block are required")
        self.grid = _dim3(grid, "grid")
        self.block = _dim3(block, "block")
        self.shmem_size = 0 if shmem_size is None else shmem_size


def launch(stream, config, kernel, *kernel_args):
    """Queue kernel on stream (a Device.create_stream() stream, or None: krait's current one)
    with the arguments: gpu arrays pass their device pointer; int passes int64, float
    double, bool bool, a NumPy scalar its own width (np.int32(5), np.float32(2.0))."""
    if not isinstance(config, LaunchConfig):
        raise TypeError("launch: config must be a LaunchConfig, not %s" % type(config).__name__)
    if not isinstance(kernel, Kernel):
        raise TypeError("launch: kernel must be a Kernel (ObjectCode.get_kernel), not %s"
                        % type(kernel).__name__)
    if stream is not None and not isinstance(stream, gpu.Stream):
        raise TypeError("launch: stream must be a Device.create_stream() stream or None")
    handle = getattr(stream, "_handle", None) if stream is not None else None
    _cuda_core.launch(kernel._handle, config.grid, config.block, config.shmem_size, handle,
                      kernel_args)


class RawKernel:
    """CuPy's RawKernel(code, name, options=()) spelling over the same NVRTC path: compiled
    for the current device at the first call, then kernel(grid, block, args, shared_mem=0,
    stream=None) launches it (args a tuple of gpu arrays and scalars, as launch() takes).
    options are NVRTC options as strings; CuPy's other keywords are refused."""

    def __init__(self, code, name, options=(), backend="nvrtc", translate_cucomplex=False,
                 *, enable_cooperative_groups=False, jitify=False):
        if not isinstance(code, str) or not isinstance(name, str):
            raise TypeError("RawKernel: code and name must be str")
        if backend != "nvrtc" or translate_cucomplex or enable_cooperative_groups or jitify:
            raise ValueError("RawKernel: only backend='nvrtc' without translate_cucomplex, "
                             "enable_cooperative_groups or jitify is supported")
        options = tuple(options)
        for o in options:
            if not isinstance(o, str):
                raise TypeError("RawKernel: options must be strings")
        self.code = code
        self.name = name
        self.options = options
        self._kernel = None

    @property
    def kernel(self):
        if self._kernel is None:
            if gpu.backend() == "cpu":
                raise RuntimeError("RawKernel needs a GPU: krait runs on the CPU backend here")
            arch = "sm_" + Device().arch
            self._kernel = Kernel(None, self.name, _cuda_core.function(
                self.code, "raw_kernel", arch, self.options, self.name))
        return self._kernel

    def __call__(self, grid, block, args, *, shared_mem=0, stream=None):
        # straight to the native launch, which checks grid, block and every argument (a
        # LaunchConfig and launch()'s checks cost ~2 us a call: CuPy's users call this in loops)
        if not isinstance(args, tuple):
            raise TypeError("RawKernel: args must be a tuple")
        if stream is not None and not isinstance(stream, gpu.Stream):
            raise TypeError("RawKernel: stream must be a gpu.Stream or None")
        k = self._kernel if self._kernel is not None else self.kernel
        _cuda_core.launch(k._handle, grid, block, shared_mem,
                          None if stream is None else getattr(stream, "_handle", None), args)

    def __repr__(self):
        return "<RawKernel %s>" % self.name
