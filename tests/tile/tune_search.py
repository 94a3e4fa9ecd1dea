# ct.tune.exhaustive_search (stdlib/py/tile__tune.py): every configuration launched and
# timed, the best one of the search space; a configuration that fails is kept among the
# failures; with its result in the cache folder a second search of the same kernel, space
# and argument shapes launches nothing (cached) and gives the same best; another argument
# shape, another space or cache=False searches again. Also kernel.replace_hints.
import os

import gpu
import tile as ct


@ct.kernel
def scale(x, y, count, TILE: ct.Constant[int]):
    i = ct.bid(0)
    ct.store(y, index=(i,), tile=ct.load(x, index=(i,), shape=(TILE,)) * 2)
    ct.atomic_add(count, 0, 1)  # one per block: counts what the search launched


folder = "/tmp/krait_tune_search_" + str(os.getpid())
count = gpu.zeros(1, dtype=gpu.int32)
outs = []


def run(n, tiles, cache=folder, kernel=scale):
    x = gpu.arange(n, dtype=gpu.float32)

    def args(cfg):
        y = gpu.zeros(n, dtype=gpu.float32)
        outs.append((x, y))
        return (x, y, count, cfg["T"]) if cfg["T"] != 96 else (x, y, cfg["T"])

    space = [{"T": t, "occupancy": o} for t in tiles for o in (1, 2)]
    before = int(count[0])
    outs.clear()
    r = ct.tune.exhaustive_search(space, gpu.Stream.default,
                                  lambda cfg: (ct.cdiv(n, cfg["T"]),), kernel, args,
                                  lambda cfg: {"occupancy": cfg["occupancy"]}, quiet=True,
                                  cache=cache)
    launched = int(count[0]) - before
    right = all(bool(gpu.array_equal(y, x * 2)) for x, y in outs if int(y.sum()) != 0)
    print(len(r.successes), len(r.failures), r.best.config in space, r.cached,
          launched > 0, right, r.best.mean_us > 0)
    return r


first = run(4096, (128, 512, 1024))
again = run(4096, (128, 512, 1024))
print("same best:", again.best.config == first.best.config)
run(4096 + 512, (128, 512, 1024))   # another shape: searched
run(4096, (256, 1024))              # another space: searched
run(4096, (256, 1024))              # ... and then cached
run(4096, (128, 512), cache=False)  # never cached
# a configuration whose arguments do not fit the kernel fails; the others run
bad = run(2048, (96, 256))
print([(c["T"], t.__name__) for c, t, _ in bad.failures])
# a function of the configuration gives the kernel
run(2048, (256, 512), kernel=lambda cfg: scale)

try:
    ct.tune.exhaustive_search([], gpu.Stream.default, lambda c: (1,), scale, lambda c: ())
except ValueError as e:
    print("ValueError:", e)
k = scale.replace_hints(occupancy=2, num_worker_warps=4)
print(k.__name__, k is scale)
try:
    scale.replace_hints(stages=3)
except TypeError:
    print("TypeError: unknown hint")

for root, dirs, files in reversed(list(os.walk(folder))):  # the deepest folders first
    for f in files:
        os.remove(os.path.join(root, f))
    os.rmdir(root)
