"""tile: cuTile Python's tile programming model (importable as `tile` and `cuda.tile`).

The host half of the module: dtypes, the enums, ct.Constant, ct.ByTarget, the @ct.kernel
decorator, ct.launch and ct.cdiv. A kernel's body is never run by the interpreter: at its
first launch the tile compiler (gpu/tile/front) reads its source and turns it into tile IR,
recognising the functions below by identity; called on the host they raise TypeError.
The Kernel object and ct.launch are native (_tile, stdlib/tile/tile_kernel.c)."""

import _tile


class DType:
    """A tile dtype: ct.float32 and friends. Compares equal to the gpu/numpy dtype of the
    same name, and either kind is accepted wherever a dtype is."""

    def __init__(self, name, bitwidth):
        self.name = name
        self.bitwidth = bitwidth

    def __repr__(self):
        return self.name

    def __eq__(self, other):
        return self is other or str(other) == self.name

    def __hash__(self):
        return hash(self.name)


bool_ = DType("bool", 8)
int8 = DType("int8", 8)
int16 = DType("int16", 16)
int32 = DType("int32", 32)
int64 = DType("int64", 64)
uint8 = DType("uint8", 8)
uint16 = DType("uint16", 16)
uint32 = DType("uint32", 32)
uint64 = DType("uint64", 64)
float16 = DType("float16", 16)
bfloat16 = DType("bfloat16", 16)
float32 = DType("float32", 32)
float64 = DType("float64", 64)
tfloat32 = DType("tfloat32", 32)
float8_e4m3fn = DType("float8_e4m3fn", 8)
float8_e5m2 = DType("float8_e5m2", 8)


class _EnumMember:
    def __init__(self, cls_name, name, value):
        self.name = name
        self.value = value
        self._cls_name = cls_name

    def __repr__(self):
        return "<" + self._cls_name + "." + self.name + ": " + repr(self.value) + ">"

    def __str__(self):
        return self._cls_name + "." + self.name


def _make_enum(cls_name, names):
    cls = type(cls_name, (_EnumMember,), {})
    for i, n in enumerate(names):
        setattr(cls, n, cls(cls_name, n, i))
    return cls


PaddingMode = _make_enum("PaddingMode",
                         ["UNDETERMINED", "ZERO", "NEG_ZERO", "NAN", "POS_INF", "NEG_INF"])
MemoryOrder = _make_enum("MemoryOrder", ["WEAK", "RELAXED", "ACQUIRE", "RELEASE", "ACQ_REL"])
MemoryScope = _make_enum("MemoryScope", ["NONE", "BLOCK", "DEVICE", "SYS"])
RoundingMode = _make_enum("RoundingMode", ["RN", "RZ", "RM", "RP", "RA", "FULL", "APPROX", "RZI"])


class ConstantAnnotation:
    """The annotation ct.Constant[T]: the parameter is folded into the kernel, which is
    compiled once per distinct value."""

    def __init__(self, type=None):
        self.type = type

    def __repr__(self):
        return "ct.Constant" if self.type is None else "ct.Constant[" + repr(self.type) + "]"


class _ConstantType(ConstantAnnotation):
    def __getitem__(self, t):
        return ConstantAnnotation(t)


Constant = _ConstantType()


class _ScalarInt64:
    def __repr__(self):
        return "ct.ScalarInt64"


ScalarInt64 = _ScalarInt64()


class ByTarget:
    """A kernel hint per GPU architecture: ct.ByTarget(sm_90=2, default=1)."""

    def __init__(self, default=None, **targets):
        self.default = default
        self.targets = targets

    def _resolve(self, target):
        return self.targets.get(target, self.default)

    def __repr__(self):
        parts = [k + "=" + repr(v) for k, v in self.targets.items()]
        if self.default is not None:
            parts.append("default=" + repr(self.default))
        return "ByTarget(" + ", ".join(parts) + ")"


class Array:
    """The type of array parameters (for annotations only)."""


class Tile:
    """The type of tiles (for annotations only; tiles exist only inside kernels)."""


class Slice:
    """ct.Slice(start, length): a dense axis of ct.load_advanced_indexing /
    ct.store_advanced_indexing (elements start .. start + length - 1). Used inside kernels."""

    def __init__(self, start, length):
        self.start = start
        self.length = length


# cuTile's exception classes: krait raises the builtin exception each one derives from
# (TypeError, ValueError, ...), with "file:line: message"; these names let code written for
# cuTile catch them (`except ct.TileTypeError`).
TileError = Exception
TileTypeError = TypeError
TileSyntaxError = SyntaxError
TileValueError = ValueError
TileStaticAssertionError = TypeError
TileStaticEvalError = TypeError
TileUnsupportedFeatureError = TypeError
TileRecursionError = RecursionError
TileInternalError = RuntimeError
TileCompilerExecutionError = RuntimeError
TileCompilerTimeoutError = RuntimeError


def kernel(function=None, /, *, num_ctas=None, occupancy=None, opt_level=None,
           num_worker_warps=None):
    """@ct.kernel or ct.kernel(fn, num_ctas=, occupancy=, opt_level=, num_worker_warps=)."""
    def make(fn):
        return _tile.Kernel(fn, num_ctas, occupancy, opt_level, num_worker_warps)
    if function is None:
        return make
    return make(function)


launch = _tile.launch
compile = _tile.compile
export = _tile.export


def _compile_future(loop, kernel, kernel_args):
    # the NVRTC compile of launching kernel with kernel_args, on libuv's thread pool
    # (_tile.compile_job, docs/ASYNC.md): None when nothing is left to compile
    job = _tile.compile_job(kernel, tuple(kernel_args))
    if job is None:
        return None
    fut = loop.create_future()
    loop._jobs[job] = (fut, None)  # asyncio's _complete_job collects it (raises its error)
    return fut


def compile_async(kernel, kernel_args):
    """An awaitable that compiles kernel's specialization for kernel_args on libuv's thread
    pool (NVRTC), so other tasks keep running; ct.launch then finds it compiled. Call it
    inside a running event loop."""
    import asyncio
    loop = asyncio.get_running_loop()
    fut = _compile_future(loop, kernel, kernel_args)
    if fut is None:
        fut = loop.create_future()
        fut.set_result(None)
    return fut


async def _launch_compiled(fut, stream, grid, kernel, kernel_args):
    await fut
    launch(stream, grid, kernel, kernel_args)
    await stream.done()


def launch_async(stream, grid, kernel, kernel_args):
    """ct.launch, then an asyncio future of the stream's work (stream.done(), docs/ASYNC.md);
    call it inside a running event loop. A first launch whose kernel must be compiled
    compiles on libuv's thread pool (other tasks run meanwhile) and launches when the
    compile is done: the result is then a task."""
    import asyncio
    loop = asyncio._running_loop[0]
    fut = None if loop is None else _compile_future(loop, kernel, kernel_args)
    if fut is None:
        launch(stream, grid, kernel, kernel_args)
        return stream.done()
    return loop.create_task(_launch_compiled(fut, stream, grid, kernel, kernel_args))


def __getattr__(name):
    # ct.tune (stdlib/py/tile__tune.py) is imported at its first use
    if name == "tune":
        import tile.tune
        return tile.tune
    raise AttributeError(f"module 'tile' has no attribute '{name}'")


def cdiv(a, b):
    """Ceiling division of integers: cdiv(a, b) == -(-a // b). Also works in kernels."""
    return -(-a // b)


def _host_only(name):
    raise TypeError("ct." + name + "() can only be used inside a tile kernel (a function "
                    "decorated with @ct.kernel and run with ct.launch)")


def bid(*args, **kwargs):
    _host_only("bid")

def num_blocks(*args, **kwargs):
    _host_only("num_blocks")

def num_tiles(*args, **kwargs):
    _host_only("num_tiles")

def load(*args, **kwargs):
    _host_only("load")

def store(*args, **kwargs):
    _host_only("store")

def gather(*args, **kwargs):
    _host_only("gather")

def scatter(*args, **kwargs):
    _host_only("scatter")

def atomic_add(*args, **kwargs):
    _host_only("atomic_add")

def atomic_max(*args, **kwargs):
    _host_only("atomic_max")

def atomic_min(*args, **kwargs):
    _host_only("atomic_min")

def atomic_and(*args, **kwargs):
    _host_only("atomic_and")

def atomic_or(*args, **kwargs):
    _host_only("atomic_or")

def atomic_xor(*args, **kwargs):
    _host_only("atomic_xor")

def atomic_xchg(*args, **kwargs):
    _host_only("atomic_xchg")

def atomic_cas(*args, **kwargs):
    _host_only("atomic_cas")

def arange(*args, **kwargs):
    _host_only("arange")

def full(*args, **kwargs):
    _host_only("full")

def zeros(*args, **kwargs):
    _host_only("zeros")

def ones(*args, **kwargs):
    _host_only("ones")

def astile(*args, **kwargs):
    _host_only("astile")

def astype(*args, **kwargs):
    _host_only("astype")

def bitcast(*args, **kwargs):
    _host_only("bitcast")

def reshape(*args, **kwargs):
    _host_only("reshape")

def permute(*args, **kwargs):
    _host_only("permute")

def transpose(*args, **kwargs):
    _host_only("transpose")

def broadcast_to(*args, **kwargs):
    _host_only("broadcast_to")

def expand_dims(*args, **kwargs):
    _host_only("expand_dims")

def cat(*args, **kwargs):
    _host_only("cat")

def extract(*args, **kwargs):
    _host_only("extract")

def insert(*args, **kwargs):
    _host_only("insert")

def sum(*args, **kwargs):
    _host_only("sum")

def max(*args, **kwargs):
    _host_only("max")

def min(*args, **kwargs):
    _host_only("min")

def prod(*args, **kwargs):
    _host_only("prod")

def argmax(*args, **kwargs):
    _host_only("argmax")

def argmin(*args, **kwargs):
    _host_only("argmin")

def reduce(*args, **kwargs):
    _host_only("reduce")

def cumsum(*args, **kwargs):
    _host_only("cumsum")

def cumprod(*args, **kwargs):
    _host_only("cumprod")

def scan(*args, **kwargs):
    _host_only("scan")

def mma(*args, **kwargs):
    _host_only("mma")

def matmul(*args, **kwargs):
    _host_only("matmul")

def exp(*args, **kwargs):
    _host_only("exp")

def exp2(*args, **kwargs):
    _host_only("exp2")

def log(*args, **kwargs):
    _host_only("log")

def log2(*args, **kwargs):
    _host_only("log2")

def sqrt(*args, **kwargs):
    _host_only("sqrt")

def rsqrt(*args, **kwargs):
    _host_only("rsqrt")

def sin(*args, **kwargs):
    _host_only("sin")

def cos(*args, **kwargs):
    _host_only("cos")

def tan(*args, **kwargs):
    _host_only("tan")

def sinh(*args, **kwargs):
    _host_only("sinh")

def cosh(*args, **kwargs):
    _host_only("cosh")

def tanh(*args, **kwargs):
    _host_only("tanh")

def floor(*args, **kwargs):
    _host_only("floor")

def ceil(*args, **kwargs):
    _host_only("ceil")

def abs(*args, **kwargs):
    _host_only("abs")

def negative(*args, **kwargs):
    _host_only("negative")

def isnan(*args, **kwargs):
    _host_only("isnan")

def bitwise_not(*args, **kwargs):
    _host_only("bitwise_not")

def add(*args, **kwargs):
    _host_only("add")

def sub(*args, **kwargs):
    _host_only("sub")

def mul(*args, **kwargs):
    _host_only("mul")

def truediv(*args, **kwargs):
    _host_only("truediv")

def floordiv(*args, **kwargs):
    _host_only("floordiv")

def mod(*args, **kwargs):
    _host_only("mod")

def pow(*args, **kwargs):
    _host_only("pow")

def atan2(*args, **kwargs):
    _host_only("atan2")

def maximum(*args, **kwargs):
    _host_only("maximum")

def minimum(*args, **kwargs):
    _host_only("minimum")

def bitwise_and(*args, **kwargs):
    _host_only("bitwise_and")

def bitwise_or(*args, **kwargs):
    _host_only("bitwise_or")

def bitwise_xor(*args, **kwargs):
    _host_only("bitwise_xor")

def bitwise_lshift(*args, **kwargs):
    _host_only("bitwise_lshift")

def bitwise_rshift(*args, **kwargs):
    _host_only("bitwise_rshift")

def greater(*args, **kwargs):
    _host_only("greater")

def greater_equal(*args, **kwargs):
    _host_only("greater_equal")

def less(*args, **kwargs):
    _host_only("less")

def less_equal(*args, **kwargs):
    _host_only("less_equal")

def equal(*args, **kwargs):
    _host_only("equal")

def not_equal(*args, **kwargs):
    _host_only("not_equal")

def divmod(*args, **kwargs):
    _host_only("divmod")


def where(*args, **kwargs):
    _host_only("where")

def printf(*args, **kwargs):
    _host_only("printf")

def print(*args, **kwargs):
    _host_only("print")

def assert_(*args, **kwargs):
    _host_only("assert_")

def static_assert(*args, **kwargs):
    _host_only("static_assert")

def static_eval(*args, **kwargs):
    _host_only("static_eval")

def static_iter(*args, **kwargs):
    _host_only("static_iter")

def ensure_constant(*args, **kwargs):
    _host_only("ensure_constant")

def assume_divisible_by(*args, **kwargs):
    _host_only("assume_divisible_by")

def load_advanced_indexing(*args, **kwargs):
    _host_only("load_advanced_indexing")

def store_advanced_indexing(*args, **kwargs):
    _host_only("store_advanced_indexing")

def pack_to_bytes(*args, **kwargs):
    _host_only("pack_to_bytes")

def unpack_from_bytes(*args, **kwargs):
    _host_only("unpack_from_bytes")

def grid_dependency_control_wait(*args, **kwargs):
    _host_only("grid_dependency_control_wait")

def grid_dependency_control_launch_dependents(*args, **kwargs):
    _host_only("grid_dependency_control_launch_dependents")
