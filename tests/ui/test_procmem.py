"""A long session gives freed memory back (tabletop.procmem): on glibc, large blocks freed
after a game (frames, boards, wide texts) must not stay in the process's resident size."""
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from tabletop import procmem

SCENARIO = textwrap.dedent("""
    import os, sys
    sys.path.insert(0, {root!r})
    from tabletop import procmem
    def rss():
        with open("/proc/self/statm") as f:
            return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20
    if sys.argv[1] == "fixed":
        assert procmem.return_large_blocks()
    big = bytearray(8 << 20); del big          # glibc now raises its threshold to 8 MB
    r0 = rss()
    keep, blocks = [], []
    for i in range(20):                        # 20 blocks of 4 MB, each followed by a small
        b = bytearray(4 << 20); b[::4096] = b"x" * len(b[::4096]); blocks.append(b)
        keep.append(bytearray(200))           # long-lived object (a fragmented heap)
    blocks.clear()
    print(round(rss() - r0, 1))
""")


def _retained(mode):
    root = str(Path(__file__).resolve().parents[2])
    out = subprocess.run([sys.executable, "-c", SCENARIO.format(root=root), mode],
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    return float(out.stdout.split()[-1])


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="glibc's allocator only")
def test_eighty_megabytes_freed_after_a_game_go_back_to_the_system():
    if _retained("default") < 40:
        pytest.skip("this C library returns large freed blocks by itself")
    assert _retained("fixed") < 12        # of 80 MB freed: only the small objects stay


def test_the_app_hands_large_blocks_back_from_its_first_frame_on(make_app, monkeypatch):
    calls = []
    monkeypatch.setattr(procmem, "return_large_blocks", lambda *a: calls.append(a) or True)
    app = make_app()
    app.start("launcher")
    assert calls == []                    # not before the first frame: start-up does not wait
    app.step(3)
    assert calls == [()]                  # once
