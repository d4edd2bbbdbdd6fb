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


try:   # property tests: reproducible in CI and free of timing flakiness
    from hypothesis import HealthCheck, settings

    settings.register_profile("project", derandomize=True, deadline=None, print_blob=True,
                              suppress_health_check=[HealthCheck.too_slow])
    settings.load_profile("project")
except ImportError:   # pragma: no cover - hypothesis is in requirements.txt
    pass
