"""Memory the process hands back to the system.

glibc's ``malloc`` serves a block larger than its *mmap threshold* from a mapping of its
own, unmapped (returned) when freed. But each time such a block is freed, glibc raises the
threshold to that block's size (its "dynamic threshold", up to 32 MB), so from then on the
frames, boards and wide rendered texts of 1–8 MB come from the heap, where freed blocks
fragment and stay counted in the resident size. In a long session of rematches that held
about 35 MB the program no longer used (``bench/soak.py``). Fixing the threshold at 1 MB
(``mallopt(M_MMAP_THRESHOLD)``, which also turns the dynamic raising off) keeps every block
that large in its own mapping. Other systems and C libraries: nothing is done."""
from __future__ import annotations

import sys

M_MMAP_THRESHOLD = -3     # glibc's <malloc.h>
LARGE = 1 << 20


def return_large_blocks(threshold: int = LARGE) -> bool:
    """Blocks of ``threshold`` bytes or more get mappings of their own from now on; True
    when the C library took the setting."""
    if not sys.platform.startswith("linux"):
        return False
    import ctypes   # only here: ~10 ms to import, paid after the first frame (App.frame_step)
    try:
        mallopt = ctypes.CDLL(None).mallopt      # the process's own C library
    except (OSError, AttributeError):
        return False
    try:
        return bool(mallopt(M_MMAP_THRESHOLD, int(threshold)))
    except Exception:       # a foreign libc whose mallopt is not the glibc one
        return False
