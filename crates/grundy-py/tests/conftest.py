"""Shared fixtures; the games themselves are in games.py."""

import pytest

from games import Kayles


@pytest.fixture
def kayles():
    return Kayles()
