"""Types of the native core of tapete.core.card_search (built from _cardsearch.c)."""

class Engine:
    def __init__(
        self,
        n: int,
        n_cards: int,
        trump: int,
        suit: list[int],
        strength: list[int],
        higher: list[int],
        duties: list[int],
        points: list[int],
        side: list[bool],
        last_bonus: int,
        tt_cap: int,
    ) -> None: ...
    def set_cantes(
        self,
        pair: list[int],
        pair_points: list[int],
        reyes: int,
        tute_alt: int,
        tute_mode: int,
        tute_points: int,
        limit: int,
        team_sing: bool,
    ) -> None: ...
    def load(
        self, hands: list[int], trick: list[int], leader: int, best: int, best_seat: int, sung: int, under: list[int]
    ) -> None: ...
    def probe(self, move: int, alpha: int, beta: int, nodes: int, max_nodes: int) -> tuple[int, int, int]: ...
    def table_size(self) -> int: ...
