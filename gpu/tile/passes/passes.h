/* passes.h: rewrites of a verified TileFunc that keep it verified (gpu/tile/ir.h), run by
 * the front after it builds a specialization, before either back end sees it:
 *
 * - tile_pass_fold: a BROADCAST or RESHAPE of a splat CONST becomes a CONST of the new
 *   shape (the front makes many: every Python constant meeting a tile), so back ends see
 *   constants, not data movement.
 * - tile_pass_dce: ops without side effects whose result nobody uses are removed, in every
 *   region, until none is left.
 *
 * Both only unlink ops from their regions (the arena keeps the memory); values keep their
 * ids, so printed IR keeps its numbering. */
#ifndef KRAIT_TILE_PASSES_H
#define KRAIT_TILE_PASSES_H

#include "../ir.h"

int tile_pass_fold(TileFunc *f); /* the number of ops rewritten */
int tile_pass_dce(TileFunc *f);  /* the number of ops removed */

#endif
