# The attention sample's kernel (examples/tiles/attention.py) over the shapes Hopper's
# attention loop takes (gpu/tile/lower/attention_sm90.c: S, P and the accumulator in wgmma
# fragments, K and V through a TMA or cp.async ring) and one it leaves to the generic
# lowering (D = 32), against a float32 NumPy reference of softmax(Q K^T / sqrt(D)) V: D of
# 64 and 128, 64- and 128-row query tiles, key tiles of 32 to 128, causal and not, sequence
# lengths that are not multiples of the tiles (the last key tile masked, the last query tile
# clipped), grouped heads, float16 and bfloat16. On the CPU path the tile interpreter runs
# it (and NVRTC compiles the sm_90a kernel where installed); on the H200 the fragment loop
# itself runs.
import gpu
from _attention_cases import run

run((  # dtype, heads, group, s_q, s_kv, d, tile_m, tile_n, causal
    (gpu.float16, 2, 1, 128, 128, 64, 64, 32, False),
    (gpu.float16, 2, 1, 200, 200, 64, 128, 64, True),
    (gpu.float16, 2, 1, 96, 96, 32, 64, 32, True),  # D = 32: the generic loop
))
