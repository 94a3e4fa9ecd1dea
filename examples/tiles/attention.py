# Fused multi-head attention in the idiom of cuTile's AttentionFMHA sample: each block takes
# TILE_M queries of one (batch, head), walks the keys and values in tiles of TILE_N with an
# online softmax (exp2, running max and sum in float32), two ct.mma per step (the keys loaded
# transposed through `order`), causal and out-of-range masks, grouped-query heads.
import math

import gpu
import numpy as np
import cuda.tile as ct
from cuda.tile import RoundingMode as RMd

INV_LOG_2 = 1.0 / math.log(2)
ConstInt = ct.Constant[int]
ConstBool = ct.Constant[bool]


@ct.kernel(occupancy=2)
def fmha_kernel(Q, K, V, Out, qk_scale: float, input_pos: int, TILE_D: ConstInt, H: ConstInt,
                TILE_M: ConstInt, TILE_N: ConstInt, QUERY_GROUP_SIZE: ConstInt,
                CAUSAL: ConstBool, EVEN_K: ConstBool):
    bid_x = ct.bid(0)
    bid_y = ct.bid(1)
    batch_idx = bid_y // H
    head_idx = bid_y % H
    off_kv_h = head_idx // QUERY_GROUP_SIZE
    qk_scale = qk_scale * INV_LOG_2

    offs_m = bid_x * TILE_M + ct.arange(TILE_M, dtype=np.int32)
    offs_m += input_pos
    offs_m = offs_m[:, None]
    offs_n_tile = ct.arange(TILE_N, dtype=np.int32)
    offs_n_tile = offs_n_tile[None, :]

    m_i = ct.full((TILE_M, 1), -np.inf, dtype=np.float32)
    l_i = ct.full((TILE_M, 1), 0.0, dtype=np.float32)
    acc = ct.full((TILE_M, TILE_D), 0.0, dtype=np.float32)

    q = ct.load(Q, index=(batch_idx, head_idx, bid_x, 0),
                shape=(1, 1, TILE_M, TILE_D)).reshape((TILE_M, TILE_D))

    m_end = input_pos + (bid_x + 1) * TILE_M
    k_seqlen = K.shape[2]
    if CAUSAL:
        mask_start = (input_pos + bid_x * TILE_M) // TILE_N
        mask_start = min(mask_start, k_seqlen // TILE_N)
        Tc = ct.cdiv(min(m_end, k_seqlen), TILE_N)
    else:
        Tc = ct.cdiv(k_seqlen, TILE_N)
        mask_start = k_seqlen // TILE_N

    for j in range(0, Tc):
        k = ct.load(K, index=(batch_idx, off_kv_h, 0, j), shape=(1, 1, TILE_D, TILE_N),
                    order=(0, 1, 3, 2), latency=2)
        k = k.reshape((TILE_D, TILE_N))
        qk = ct.full((TILE_M, TILE_N), 0., dtype=np.float32)
        qk = ct.mma(q, k, qk)

        if (CAUSAL or not EVEN_K) and j >= mask_start:
            offs_n = j * TILE_N + offs_n_tile
            mask = ct.full((TILE_M, TILE_N), True, dtype=np.bool_)
            if not EVEN_K:
                mask = mask & (offs_n < k_seqlen)
            if CAUSAL:
                mask = mask & (offs_m >= offs_n)
            mask = ct.where(mask, 0.0, -np.inf)
            qk += mask

        m_ij = max(m_i, ct.max(qk, axis=-1, keepdims=True) * qk_scale)
        qk = qk * qk_scale - m_ij
        p = ct.exp2(qk, flush_to_zero=True)
        l_ij = ct.sum(p, axis=-1, keepdims=True)
        alpha = ct.exp2(m_i - m_ij, flush_to_zero=True)
        l_i = l_i * alpha + l_ij
        acc = acc * alpha

        v = ct.load(V, index=(batch_idx, off_kv_h, j, 0), shape=(1, 1, TILE_N, TILE_D),
                    latency=4).reshape((TILE_N, TILE_D))
        p = p.astype(Q.dtype)
        acc = ct.mma(p, v, acc)
        m_i = m_ij

    acc = ct.truediv(acc, l_i, flush_to_zero=True, rounding_mode=RMd.APPROX)
    acc = acc.reshape((1, 1, TILE_M, TILE_D)).astype(Out.dtype)
    ct.store(Out, index=(batch_idx, head_idx, bid_x, 0), tile=acc)


def cutile_fmha(Q, K, V, qk_scale=None, input_pos=0, tile_m=64, tile_n=32, query_group_size=1,
                causal=False):
    Batch, Heads, SeqLen_Q, D_k = Q.shape
    _, KV_Heads, SeqLen_KV, D_v = V.shape
    even_k = (SeqLen_KV % tile_n) == 0
    if qk_scale is None:
        qk_scale = 1.0 / math.sqrt(D_k)
    Out = gpu.zeros((Batch, Heads, SeqLen_Q, D_v), dtype=Q.dtype)
    grid = (math.ceil(SeqLen_Q / tile_m), Batch * Heads, 1)
    ct.launch(gpu.Stream.default, grid, fmha_kernel,
              (Q, K, V, Out, qk_scale, input_pos, D_k, Heads, tile_m, tile_n,
               query_group_size, causal, even_k))
    return Out


def reference(Q, K, V, causal, group):
    q, k, v = (t.astype(gpu.float32) for t in (Q, K, V))
    if group > 1:
        k = gpu.concatenate([k[:, h // group:h // group + 1] for h in range(q.shape[1])], axis=1)
        v = gpu.concatenate([v[:, h // group:h // group + 1] for h in range(q.shape[1])], axis=1)
    s = (q @ k.transpose(0, 1, 3, 2)) / math.sqrt(q.shape[3])
    if causal:
        sq, sk = s.shape[2], s.shape[3]
        allowed = gpu.arange(sq).reshape(sq, 1) >= gpu.arange(sk).reshape(1, sk)
        s = gpu.where(allowed, s, -gpu.inf)
    s = s - s.max(axis=3, keepdims=True)
    e = gpu.exp(s)
    return (e / e.sum(axis=3, keepdims=True)) @ v


def wave(shape, seed):
    n = 1
    for d in shape:
        n *= d
    return (((gpu.arange(n) * seed) % 101) / 50.0 - 1.0).reshape(shape).astype(gpu.float16)


def main():
    B, H, S, D = 2, 4, 128, 64
    for causal, group, s_kv in ((False, 1, 128), (True, 1, 128), (False, 2, 112),
                                (True, 2, 128)):
        Q = wave((B, H, S, D), 7919)
        K = wave((B, H // group, s_kv, D), 104729)
        V = wave((B, H // group, s_kv, D), 1299709)
        out = cutile_fmha(Q, K, V, causal=causal, query_group_size=group)
        gold = reference(Q, K, V, causal, group)
        print("fmha causal=%s group=%d kv=%d" % (causal, group, s_kv), out.dtype,
              bool(gpu.allclose(out.astype(gpu.float32), gold, atol=1e-2, rtol=1e-2)))


if __name__ == "__main__":  # imported by tests/tile/attention_sm90.py and bench/tiles
    main()
