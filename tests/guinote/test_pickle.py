"""States, results and matches survive pickle and copy, compiled or not.

Bots and multiprocessing (the arena of a later issue) ship states between
processes; a compiled (mypyc) class has no ``__dict__``, so this is checked.
"""

from __future__ import annotations

import copy
import pickle
import random

from tapete.guinote.match import GuinoteMatch
from tapete.guinote.notation import to_notation
from tapete.guinote.rules import PRESETS
from tapete.guinote.state import GuinoteState


def test_state_pickle_and_copy_keep_the_position_and_history() -> None:
    rng = random.Random(0)
    for name, rules in PRESETS.items():
        state = GuinoteState.new_deal(rules, seed=len(name), dealer=0)
        for _ in range(23):
            la = state.legal_actions()
            state.apply_action(la[rng.randrange(len(la))])
            if state.is_terminal():
                break
        for other in (pickle.loads(pickle.dumps(state)), copy.copy(state), copy.deepcopy(state), state.clone()):
            assert to_notation(other) == to_notation(state)
            assert other.tricks == state.tricks and other.cantes == state.cantes
            assert other.legal_actions() == state.legal_actions()
            assert other.hands is not state.hands


def test_result_and_match_pickle() -> None:
    match = GuinoteMatch(PRESETS["aragones"], seed=2)
    while len(match.deals) < 2:
        match.apply_action(match.legal_actions()[0])
    result = match.deals[0].result
    assert pickle.loads(pickle.dumps(result)) == result
    again = pickle.loads(pickle.dumps(match))
    assert again.legal_actions() == match.legal_actions() and again.scores == match.scores
