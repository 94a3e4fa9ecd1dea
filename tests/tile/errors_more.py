# More mistakes a user makes: an undefined name in the kernel, a tile where an array is
# needed, a load with the wrong number of shape entries, an astype to something that is not
# a dtype, a kernel argument of an unsupported type, and a non-constant axis.
import gpu
import tile as ct


def attempt(kernel, *args):
    try:
        ct.launch(gpu.Stream.default, (1,), kernel, args)
        print("no error")
    except (TypeError, ValueError, SyntaxError, NameError) as e:
        print(type(e).__name__ + ":", e)


@ct.kernel
def undefined_name(a):
    ct.store(a, (0,), not_defined)  # noqa: F821  # krait-error: NameError: name 'not_defined' is not defined


@ct.kernel
def load_from_tile(a):
    t = ct.zeros((4,), dtype=ct.float32)
    ct.store(a, (0,), ct.load(t, (0,), (4,)))


@ct.kernel
def shape_rank(a):
    ct.store(a, (0, 0), ct.load(a, (0, 0), (4,)))


@ct.kernel
def bad_dtype(a):
    ct.store(a, (0,), ct.arange(4, dtype=ct.int32).astype("float32"))


@ct.kernel
def takes_list(a, lst):
    ct.store(a, (0,), ct.zeros((4,), dtype=ct.float32))


@ct.kernel
def runtime_axis(a, ax):
    t = ct.load(a, (0, 0), (2, 2))
    ct.store(a, (0, 0), ct.sum(t, axis=ax, keepdims=True))


a = gpu.zeros(4, dtype=gpu.float32)
a2 = gpu.zeros((4, 4), dtype=gpu.float32)
attempt(undefined_name, a)
attempt(load_from_tile, a)
attempt(shape_rank, a2)
attempt(bad_dtype, a)
attempt(takes_list, a, [1, 2, 3])
attempt(runtime_axis, a2, 1)
print("untouched:", float(a.sum()), float(a2.sum()))
