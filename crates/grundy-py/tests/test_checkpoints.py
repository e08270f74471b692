"""Checkpoints of heap sequences: the `.seq` file of `grundy sequence
--checkpoint`, kept by the library's one long-run driver (saved every 10
seconds, at the end and on Ctrl-C). A run resumed from its checkpoint gives
the values of one run straight through."""

import numpy as np
import pytest

import grundy
from games import octal_values
from test_interrupts import calibrate, latency_of_ctrl_c


def test_a_sequence_resumes_from_its_checkpoint_to_the_same_values(tmp_path):
    path = tmp_path / "0.137.seq"
    first = grundy.sequence("0.137", to=5000, checkpoint=path)
    assert path.exists()
    resumed = grundy.HeapSequence("0.137", checkpoint=str(path))
    assert resumed.resumed == 5001 and len(resumed) == 5001
    resumed.extend_to(20001)
    straight = grundy.sequence("0.137", to=20000)
    assert np.array_equal(resumed.values(), straight.values)
    assert np.array_equal(resumed.values()[:5001], first.values)
    # Dawson's chess (0.137) against the plain mex of its rules (games.py).
    assert straight.values[:301].tolist() == octal_values("0.137", 300)
    # The file now holds every value: a new sequence starts from all of them.
    assert grundy.HeapSequence("0.137", checkpoint=path).resumed == 20001
    # A file holding more heaps than asked for gives the heaps asked for.
    assert np.array_equal(grundy.sequence("0.137", to=5000, checkpoint=path).values, first.values)
    assert grundy.HeapSequence("0.137", checkpoint=path).resumed == 20001, "and is left whole"
    # Without a file to resume from there is nothing resumed.
    assert grundy.HeapSequence("0.137").resumed is None


def test_ctrl_c_saves_what_was_finished_and_a_resumed_run_goes_on(tmp_path):
    path = tmp_path / "grundys-game.seq"
    size, took = calibrate(lambda n: grundy.sequence("grundys-game", to=n), 1024)
    heaps = grundy.HeapSequence("grundys-game", checkpoint=path)
    latency_of_ctrl_c(lambda: heaps.extend_to(64 * size), took)
    kept = len(heaps)
    assert 0 < kept < 64 * size
    again = grundy.HeapSequence("grundys-game", checkpoint=path)
    assert again.resumed == kept, "the interruption saved exactly what was finished"
    again.extend_to(kept + 100)
    assert np.array_equal(again.values(), grundy.sequence("grundys-game", to=kept + 99).values)


def test_another_games_checkpoint_is_refused_and_misere_keeps_none(tmp_path):
    path = tmp_path / "kayles.seq"
    grundy.sequence("kayles", to=100, checkpoint=path)
    before = path.read_bytes()
    with pytest.raises(grundy.InvalidGameError, match="is for the game 'kayles', not '0.16'"):
        grundy.sequence("0.16", to=100, checkpoint=path)
    assert path.read_bytes() == before, "the refused file is left as it was"
    with pytest.raises(ValueError, match="misère values keep no checkpoint"):
        grundy.sequence("kayles", to=10, misere=True, checkpoint=path)
