"""Card orders and points of Belote, per contract (a trump suit, sans-atout, tout-atout).

Ranks are in natural order ``7 8 9 T J Q K A`` (0..7). 004 gives the trump
order J 9 A 10 K Q 8 7 (20 14 11 10 4 3 0 0) and the plain order
A 10 K Q J 9 8 7 (11 10 4 3 2 0 0 0): 152 card points. Sans-atout and
tout-atout use the common published scales that also total 152: sans-atout
A 19, 10 10, K 4, Q 3, J 2; tout-atout J 14, 9 9, A 6, 10 5, K 3, Q 1.
With ``sa_ta_points="natural"`` they keep the plain and trump values
unscaled: 120 card points in sans-atout, 248 in tout-atout.
"""

from __future__ import annotations

from typing import Final

from tapete.core.tricks import TrickTables

SANS_ATOUT: Final = 4
TOUT_ATOUT: Final = 5
CONTRACT_NAMES: Final = ("s", "h", "d", "c", "sa", "ta")

#: Strength in the trick by natural rank index.
TRUMP_STRENGTH: Final = (0, 1, 6, 4, 7, 2, 3, 5)
PLAIN_STRENGTH: Final = (0, 1, 2, 6, 3, 4, 5, 7)
TRUMP_POINTS: Final = (0, 0, 14, 10, 20, 3, 4, 11)
PLAIN_POINTS: Final = (0, 0, 0, 10, 2, 3, 4, 11)
SA_POINTS: Final = (0, 0, 0, 10, 2, 3, 4, 19)
TA_POINTS: Final = (0, 0, 9, 5, 14, 1, 3, 6)


class ContractTables:
    """Trick tables and card points for one contract."""

    def __init__(self, contract: int, natural: bool = False) -> None:
        suit = [c // 8 for c in range(32)]
        strength = [0] * 32
        points = [0] * 32
        for c in range(32):
            r, s = c % 8, c // 8
            if contract == TOUT_ATOUT or s == contract:
                strength[c] = TRUMP_STRENGTH[r]
                points[c] = TA_POINTS[r] if contract == TOUT_ATOUT and not natural else TRUMP_POINTS[r]
            else:
                strength[c] = PLAIN_STRENGTH[r]
                points[c] = SA_POINTS[r] if contract == SANS_ATOUT and not natural else PLAIN_POINTS[r]
        self.contract: int = contract
        #: The trump suit, or -1 for sans-atout and tout-atout (no suit cuts another).
        self.trump: int = contract if contract < 4 else -1
        self.trick: TrickTables = TrickTables(suit, strength, 4)
        self.points: list[int] = points


#: Tables of the six contracts: spades, hearts, diamonds, clubs, sans-atout, tout-atout.
CONTRACTS: Final = tuple(ContractTables(k) for k in range(6))
#: The same with sans-atout and tout-atout unscaled (``sa_ta_points="natural"``); the suit
#: contracts are the very same objects.
CONTRACTS_NATURAL: Final = CONTRACTS[:4] + (ContractTables(SANS_ATOUT, True), ContractTables(TOUT_ATOUT, True))


def tables_for(sa_ta_points: str, contract: int) -> ContractTables:
    """The tables of a contract under the rules' ``sa_ta_points`` (``scaled`` or ``natural``)."""
    return CONTRACTS_NATURAL[contract] if sa_ta_points == "natural" else CONTRACTS[contract]
