/* fuzz_tile.c: the tile compiler's front half (gpu/tile/front: kernel source -> typed IR),
 * its passes and the CUDA lowering, on kernel source. The input's first byte picks the
 * launch (array rank, dtype, the ct.Constant value, the grid); the rest is module source
 * defining one or more @ct.kernel functions (the seeds are the kernels of tests/tile), run
 * with `gpu` and `ct` imported. Each kernel found is specialized for arrays shaped by the
 * first byte, compiled to CUDA C (ct.compile: front, passes, lowering; no device needed) and
 * launched on the CPU backend's tile interpreter. A kernel outside the tile subset raises
 * TypeError/SyntaxError/ValueError...; a crash, a leak, a hang past the limits or a
 * SystemError is a finding. */
#include "fuzz_common.h"

static const char driver[] = //
    "import gpu\n"
    "import tile as ct\n"
    "import re\n"
    "text = src if isinstance(src, str) else src.decode('latin-1')\n"
    "g = {'gpu': gpu, 'ct': ct, '__name__': 'kern'}\n"
    "try:\n"
    "    exec(src, g)\n"
    "except Exception:\n"
    "    pass\n"
    "rank = 1 + (opt & 1)\n"
    "dt = (gpu.float32, gpu.int32, gpu.float16, gpu.float64)[(opt >> 1) & 3]\n"
    "C = (2, 4, 8, 16)[(opt >> 3) & 3]\n"
    "grid = ((1,), (2,), (2, 2), (3, 1, 1))[(opt >> 5) & 3]\n"
    "for k in [v for v in list(g.values()) if type(v).__name__ == 'Kernel']:\n"
    "    f = k.__wrapped__\n"
    "    try:\n"
    "        co = f.__code__\n"
    "        ann = f.__annotations__\n"
    "        names = co.co_varnames[:co.co_argcount]\n"
    "    except Exception:\n"
    "        continue\n"
    "    args = []\n"
    "    for i, n in enumerate(names):\n"
    "        if n in ann: args.append(C)\n"
    "        elif i % 4 == 3 and opt & 128: args.append(1.5)\n"
    "        else:\n"
    /* the rank the kernel indexes the array with, when its source says */
    "            m = re.search(r'ct\\.\\w+\\(\\s*' + n + r'\\s*,\\s*\\(([^()]*)\\)', text)\n"
    "            r = len([e for e in m.group(1).split(',') if e.strip()]) if m else rank\n"
    "            shp = ((32,), (16, 16), (4, 8, 8), (2, 2, 4, 4))[min(max(r, 1), 4) - 1]\n"
    "            args.append((gpu.arange(len(gpu.zeros(shp).reshape(-1))) % "
    "7).astype(dt).reshape(shp))\n"
    "    args = tuple(args)\n"
    "    for step in (lambda: ct.compile(k, args), lambda: ct.launch(gpu.Stream.default, grid, k, "
    "args)):\n"
    "        try:\n"
    "            step()\n"
    "        except SystemError:\n"
    "            raise\n"
    "        except Exception:\n"
    "            pass\n";

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    FuzzAlloc a;
    kr_interp *I = fuzz_new(&a, 1);
    const char *names[] = {"opt", "src"};
    kr_value *vals[] = {kr_int(I, size ? data[0] : 0),
                        fuzz_text(I, size ? data + 1 : data, size ? size - 1 : 0)};
    fuzz_check_rc(I, fuzz_run_driver(I, driver, 2, names, vals), 1);
    fuzz_free(I, &a);
    return 0;
}
