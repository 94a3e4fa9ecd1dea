#!/bin/bash
# The first H200 call of 2026-12-01's fifth session (docs/PERFORMANCE.md "fifth session
# run 1"), from the repository root with .dev/ carried as for run_2026-12-01c.sh (plus
# .dev/lib/libnvtx3interop.so.1 and .dev/bin/libnvtx_inject.so): run c's correctness phase
# and checks, then the lead's issue 18 checks (lead_checks.sh). run_2026-12-01h.sh is the
# second call (the helpers' device checks).
bash bench/gpu/device/run_2026-12-01c.sh
OUT=$OUT timeout 200 bash bench/gpu/device/lead_checks.sh $PWD/.dev/build/krait
