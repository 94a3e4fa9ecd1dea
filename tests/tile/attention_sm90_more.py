# More shapes of Hopper's attention loop (attention_sm90.py's, split for compile time): D of
# 128 with 64- and 128-row query tiles, grouped heads, bfloat16 with 128x128 tiles, a length
# the tiles do not divide, 192-row query tiles (three warpgroups) over a causal length they
# do not divide (the grid walked in reverse).
import gpu
from _attention_cases import run

run((  # dtype, heads, group, s_q, s_kv, d, tile_m, tile_n, causal
    (gpu.float16, 2, 1, 130, 130, 128, 64, 64, False),
    (gpu.float16, 2, 2, 192, 192, 128, 128, 64, True),
    (gpu.bfloat16, 2, 1, 256, 256, 64, 128, 128, True),
    (gpu.float16, 2, 1, 400, 400, 64, 192, 128, True),
))
