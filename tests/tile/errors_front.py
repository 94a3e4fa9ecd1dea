# Errors of the tile front end that plain Python would not raise: constructs outside the tile
# subset and type rules of tile code, each rejected at the first launch with the file and the
# line of the offending construct (the krait-error comment on that line is the expected text,
# which the NumPy reference raises).
import gpu
import tile as ct


def attempt(kernel, args, grid=(1,)):
    try:
        ct.launch(gpu.Stream.default, grid, kernel, args)
        print("no error")
    except (TypeError, ValueError, SyntaxError, RuntimeError, AssertionError, NameError) as e:
        print(type(e).__name__ + ":", e)


a = gpu.zeros(8, dtype=gpu.float32)
ia = gpu.zeros(8, dtype=gpu.int32)


@ct.kernel
def unknown_name(a):
    ct.store(a, (0,), ct.zeros((8,), dtype=ct.float32) + undefined_thing)  # krait-error: NameError: name 'undefined_thing' is not defined


attempt(unknown_name, (a,))


@ct.kernel
def nested_def(a):
    def inner(x):  # krait-error: SyntaxError: nested function definitions are not supported in a tile kernel; define 'inner' at module level
        return x
    ct.store(a, (0,), ct.zeros((8,), dtype=ct.float32))


attempt(nested_def, (a,))


@ct.kernel
def with_stmt(a):
    with open("x"):  # krait-error: SyntaxError: 'with' is not supported in a tile kernel
        pass


attempt(with_stmt, (a,))


@ct.kernel
def tile_condition(a):
    t = ct.load(a, (0,), (8,))
    if t > 0:  # krait-error: TypeError: the condition must be a scalar, got tile<8xbool> (reduce the tile first, e.g. with ct.max)
        ct.store(a, (0,), t)


attempt(tile_condition, (a,))


@ct.kernel
def used_after_loop(a, n):
    for i in range(n):
        t = ct.full((8,), 1.0, dtype=ct.float32)
    ct.store(a, (0,), t)  # krait-error: TypeError: variable 't' is first assigned inside a loop and used after it; give it a value before the loop


attempt(used_after_loop, (a, 3))


@ct.kernel
def one_branch(a, n):
    if n > 2:
        t = ct.full((8,), 1.0, dtype=ct.float32)
    ct.store(a, (0,), t)  # krait-error: TypeError: variable 't' is assigned in only some branches of an if before this use; assign it on every path


attempt(one_branch, (a, 3))


@ct.kernel
def branch_types(a, n):
    if n > 2:  # krait-error: TypeError: variable 't' is tile<8xfloat32> in one branch of the if and tile<4xfloat32> in the other; both branches must give it one type
        t = ct.full((8,), 1.0, dtype=ct.float32)
    else:
        t = ct.full((4,), 1.0, dtype=ct.float32)
    ct.store(a, (0,), t)


attempt(branch_types, (a, 3))


@ct.kernel
def loop_var_assigned(a, n):
    for i in range(n):  # krait-error: SyntaxError: the loop variable 'i' is assigned inside the loop
        i = i + 1
    ct.store(a, (0,), ct.zeros((8,), dtype=ct.float32))


attempt(loop_var_assigned, (a, 3))


@ct.kernel
def float_bitwise(a):
    t = ct.load(a, (0,), (8,))
    ct.store(a, (0,), t & 1)  # krait-error: TypeError: Bitwise operations need integer or boolean operands, got float32


attempt(float_bitwise, (a,))


@ct.kernel
def unpack_count(a):
    x, y = (1, 2, 3)  # krait-error: ValueError: cannot unpack a tuple of 3 into 2 names
    ct.store(a, (0,), ct.zeros((8,), dtype=ct.float32))


attempt(unpack_count, (a,))


@ct.kernel
def tile_item_assign(a):
    t = ct.load(a, (0,), (8,))
    t[0] = 1.0  # krait-error: TypeError: Tiles are immutable: item assignment is not supported.
    ct.store(a, (0,), t)


attempt(tile_item_assign, (a,))


@ct.kernel
def array_subscript(a):
    ct.store(a, (0,), a[0])  # krait-error: TypeError: Arrays are not directly subscriptable. Use load() or gather() instead.


attempt(array_subscript, (a,))


@ct.kernel
def tile_index(a):
    t = ct.load(a, (0,), (8,))
    ct.store(a, (0,), t[1])  # krait-error: TypeError: Directly indexing a tile is not supported; tile subscripts may only be None, ':' and '...' (use ct.extract for a subtile)


attempt(tile_index, (a,))


@ct.kernel
def nonpositive_shape(a):
    ct.store(a, (0,), ct.zeros((0,), dtype=ct.float32))  # krait-error: TypeError: shape: dimension 0 is 0; tile dimensions must be positive


attempt(nonpositive_shape, (a,))


@ct.kernel
def bad_dtype_arg(a):
    ct.store(a, (0,), ct.zeros((8,), dtype="float32x"))  # krait-error: TypeError: dtype must be a dtype (such as ct.float32), got a string


attempt(bad_dtype_arg, (a,))


@ct.kernel
def wrong_keyword(a):
    ct.store(a, (0,), ct.load(a, (0,), (8,), padding=0))  # krait-error: TypeError: load() got an unexpected keyword argument 'padding'


attempt(wrong_keyword, (a,))


@ct.kernel
def missing_argument(a):
    ct.store(a, (0,), ct.load(a, (0,)))  # krait-error: TypeError: load() missing required argument 'shape'


attempt(missing_argument, (a,))


@ct.kernel
def bad_padding(a):
    ct.store(a, (0,), ct.load(a, (0,), (8,), padding_mode=0))  # krait-error: TypeError: padding_mode must be a ct.PaddingMode member, got the constant 0


attempt(bad_padding, (a,))


@ct.kernel
def int_constant_range(a):
    t = ct.load(a, (0,), (8,)).astype(ct.int8)
    ct.store(a, (0,), (t + 1000).astype(ct.float32))  # krait-error: TypeError: the integer constant 1000 does not fit int8


attempt(int_constant_range, (a,))


@ct.kernel
def float_into_int(ia):
    ct.store(ia, (0,), ct.load(ia, (0,), (8,)) * 1.5)  # krait-error: TypeError: Stored tile is incompatible with array's dtype: cannot implicitly cast float32 to int32


attempt(float_into_int, (ia,))


@ct.kernel
def static_assert_fails(a, T: ct.Constant[int]):
    ct.static_assert(T % 16 == 0, "T must be a multiple of 16")  # krait-error: AssertionError: T must be a multiple of 16
    ct.store(a, (0,), ct.zeros((8,), dtype=ct.float32))


attempt(static_assert_fails, (a, 8))


@ct.kernel
def cat_three(a):
    t = ct.zeros((4,), dtype=ct.float32)
    ct.store(a, (0,), ct.cat((t, t, t), 0))  # krait-error: TypeError: cat() supports at most 2 tiles, got 3


attempt(cat_three, (a,))


@ct.kernel
def transpose_1d(a):
    t = ct.load(a, (0,), (8,))
    ct.store(a, (0,), ct.transpose(t))  # krait-error: TypeError: Cannot transpose a tile with fewer than 2 dimensions


attempt(transpose_1d, (a,))


@ct.kernel
def matmul_shapes(a):
    x = ct.zeros((4, 8), dtype=ct.float16)
    y = ct.zeros((4, 8), dtype=ct.float16)
    ct.store(a, (0,), ct.reshape(x @ y, (8,)))  # krait-error: TypeError: Incompatible shapes for matrix mul on tiles: (4, 8), (4, 8).


attempt(matmul_shapes, (a,))


@ct.kernel
def mma_acc(a):
    x = ct.zeros((4, 8), dtype=ct.bfloat16)
    acc = ct.zeros((4, 4), dtype=ct.float16)
    ct.store(a, (0,), ct.reshape(ct.mma(x, ct.permute(x, (1, 0)), acc), (16,)))  # krait-error: TypeError: mma of bfloat16 inputs does not support a float16 accumulator


attempt(mma_acc, (a,))


@ct.kernel
def where_condition(a):
    t = ct.load(a, (0,), (8,))
    ct.store(a, (0,), ct.where(t, t, 0.0))  # krait-error: TypeError: Type of condition must be bool, got float32


attempt(where_condition, (a,))


@ct.kernel
def printf_count(a):
    ct.printf("%d %d\n", ct.bid(0))  # krait-error: TypeError: printf(): the format has 2 conversions but 1 values were given
    ct.store(a, (0,), ct.zeros((8,), dtype=ct.float32))


attempt(printf_count, (a,))


@ct.kernel
def kernel_returns(a):
    ct.store(a, (0,), ct.zeros((8,), dtype=ct.float32))
    return 1  # krait-error: TypeError: a tile kernel cannot return a value


attempt(kernel_returns, (a,))


@ct.kernel
def break_outside(a):
    break_here = 1
    for x in (1, 2):
        break  # krait-error: SyntaxError: 'break' outside a run-time loop (loops over a compile-time tuple are unrolled and cannot break)
    ct.store(a, (0,), ct.zeros((8,), dtype=ct.float32))


attempt(break_outside, (a,))

@ct.kernel
def huge_tile(a):
    ct.store(a, (0,), ct.zeros((1 << 25,), dtype=ct.float32))  # krait-error: ValueError: shape: a tile of more than 16777216 elements is too large for one block


attempt(huge_tile, (a,))

print("arrays untouched:", float(a.sum()), int(ia.sum()))
