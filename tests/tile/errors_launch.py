# Launch errors (wrong arguments to ct.launch or to a kernel) and run-time errors inside a
# kernel (a failed ct.assert_), and constructs outside the tile
# subset, which the front end rejects at the first launch naming the line.
import gpu
import tile as ct


def attempt(kernel, args, grid=(1,)):
    try:
        ct.launch(gpu.Stream.default, grid, kernel, args)
        print("no error")
    except (TypeError, ValueError, SyntaxError, RuntimeError, AssertionError) as e:
        print(type(e).__name__ + ":", e)


@ct.kernel
def simple(a, T: ct.Constant[int]):
    ct.store(a, (0,), ct.zeros((T,), dtype=ct.float32))


def not_a_kernel(a):
    pass


a = gpu.zeros(8, dtype=gpu.float32)
attempt(simple, (a,))
attempt(simple, (a, 4, 5))
attempt(simple, (a, a))
attempt(not_a_kernel, (a,))
try:
    simple(a, 4)
except TypeError as e:
    print("TypeError:", e)


@ct.kernel
def asserts(a):
    b = ct.bid(0)
    # only block 2 fails: which of several failing blocks reports first is up to the GPU
    ct.assert_(ct.full((4,), b, dtype=ct.int32) != 2, "block id not 2")
    ct.store(a, (b,), ct.full((1,), 1.0, dtype=ct.float32))


attempt(asserts, (a,), grid=(4,))


@ct.kernel
def uses_try(a):
    try:  # krait-error: SyntaxError: 'try' is not supported in a tile kernel
        ct.store(a, (0,), ct.zeros((8,), dtype=ct.float32))
    except Exception:
        pass


attempt(uses_try, (a,))


@ct.kernel
def changes_type(a):
    acc = ct.zeros((8,), dtype=ct.int32)
    for i in range(4):
        acc = acc + 0.5  # krait-error: TypeError: variable 'acc' changes type in the loop from tile<8xint32> to tile<8xfloat32>
    ct.store(a, (0,), acc)


attempt(changes_type, (a,))


@ct.kernel
def host_call(a):
    t = ct.load(a, (0,), (8,))
    ct.store(a, (0,), gpu.exp(t))  # krait-error: TypeError: gpu.exp cannot be called in a tile kernel; use ct.exp


attempt(host_call, (a,))
