"""Headless by default: UI tests use SDL's dummy drivers; saves go to a temp folder."""
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pytest  # noqa: E402


@pytest.fixture(autouse=True)
def _user_data_dir(tmp_path, monkeypatch):
    """No test writes into the real user data folder."""
    monkeypatch.setenv("TABLETOP_DATA_DIR", str(tmp_path / "userdata"))
