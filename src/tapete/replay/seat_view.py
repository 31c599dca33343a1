"""One seat's view of a deal, drawn from its observation and nothing else.

``tapete show`` lays out a full state; a replay seen from a seat must show
only what that seat could see at that moment, so this module reads a
:class:`~tapete.guinote.observation.GuinoteObservation` or a
:class:`~tapete.belote.observation.BeloteObservation` (the engine's one
door for hidden cards) and never a state: the seat's own hand, the other
hands as card counts plus the cards publicly known in them, the table, the
trick, points and scores. All wording comes from the catalogs.
"""

from __future__ import annotations

from tapete.belote.actions import CAPOT, GENERALE, bid_of
from tapete.belote.observation import BeloteObservation
from tapete.belote.tables import CONTRACTS, SANS_ATOUT
from tapete.cards import french as french_cards
from tapete.cards import spanish
from tapete.cards.deck import cards_of
from tapete.cli import render, render_belote
from tapete.cli.messages import msg
from tapete.cli.text import Layout, rules_text, seat_text, team_text
from tapete.guinote.actions import SING, TUTE
from tapete.guinote.observation import GuinoteObservation
from tapete.guinote.tables import tables_for
from tapete.tricks import TrickTables, beats

#: An observation of either game.
SeatObservation = GuinoteObservation | BeloteObservation


def side_text(players: int, side: int) -> str:
    """A scoring side in words: a team with partners (4 players), else a seat."""
    return msg("team", team=side) if players == 4 else seat_text(side)


def who_text(seat: int, players: int) -> str:
    """A seat, with its team when there are partners."""
    if players == 4:
        return f"{seat_text(seat)} ({msg('team', team=seat % 2)})"
    return seat_text(seat)


def show_seat_view(obs: SeatObservation, french: bool = False) -> str:
    """The layout of what ``obs.seat`` sees, in the rows of ``tapete show``."""
    if isinstance(obs, BeloteObservation):
        return _show_belote(obs, french)
    return _show_guinote(obs, french)


# ====================================================================== shared rows
#: The turn's wording in the phases where somebody other than a card player is to act.
_TURN_KEYS = {"window": "show.turn.window", "predraw": "show.turn.predraw", "bidding": "show.turn.bid"}


def _turn(obs: SeatObservation) -> str:
    seat = seat_text(obs.current_player)
    if obs.phase == "play":
        return msg("show.turn.play" if obs.trick else "show.turn.lead", seat=seat)
    if obs.phase in _TURN_KEYS:
        return msg(_TURN_KEYS[obs.phase], seat=seat)
    return msg("show.turn.over")


def _hand_row(
    layout: Layout, obs: SeatObservation, seat: int, cards: str, shown: str, extra: str = ""
) -> None:  # fmt: skip
    parts = [msg("show.hand.line", who=who_text(seat, obs.rules.players), cards=cards)]
    if extra:
        parts.append(extra)
    if shown:
        parts.append(msg("show.hand.shown", cards=shown))
    if seat == obs.seat:
        parts.append(msg("replay.hand.you"))
    if seat == obs.current_player:
        parts.append(msg("show.hand.to_act"))
    layout.lines.append("  " + "   ".join(parts))


def _tricks(layout: Layout, obs: SeatObservation, text: dict[int, str], table: TrickTables | None, trump: int) -> None:
    """The trick in progress with its best card so far, then the last trick taken (public)."""
    if obs.trick and table is not None:
        plays = ", ".join(msg("show.trick.play", card=text[c], seat=seat_text(s)) for s, c in obs.trick)
        best_seat, best = obs.trick[0]
        for s, c in obs.trick[1:]:
            if beats(c, best, trump, table):
                best_seat, best = s, c
        layout.row("show.trick", msg("show.trick.cards", plays=plays, best=text[best], seat=seat_text(best_seat)))
    else:
        layout.row("show.trick", msg("show.trick.none"))
    if obs.tricks:
        _, winner, cards = obs.tricks[-1]
        said = " ".join(text[c] for c in cards)
        layout.row("show.last_trick", msg("show.last_trick.cards", cards=said, seat=seat_text(winner)))
        layout.more(msg("replay.tricks_played", count=len(obs.tricks)))


# ====================================================================== Guiñote
def _show_guinote(obs: GuinoteObservation, french: bool) -> str:
    layout = Layout()
    row = layout.row
    rules = obs.rules
    n = rules.players
    strength = tables_for(rules).strength
    text = {c: spanish.card_str(c, french) for c in range(40)}

    def cards(mask: int) -> str:
        ordered = sorted(cards_of(mask), key=lambda c: (c // 10, -strength[c]))
        return " ".join(text[c] for c in ordered) or msg("show.hand.empty")

    row("replay.view", msg("replay.view.seat", seat=seat_text(obs.seat)))
    row("show.rules", rules_text(rules))
    row("show.dealer", seat_text(obs.dealer))
    trump = render.suit_text(obs.trump, french)
    if obs.indicator >= 0:
        row("show.trump", msg("show.trump.face_up", suit=trump, card=text[obs.indicator]))
        row("show.stock", msg("show.stock.count", count=obs.stock_size - 1))
    else:
        row("show.trump", msg("show.trump.drawn", suit=trump))
        row("show.stock", msg("show.stock.empty"))
    row("show.phase", msg(f"phase.{obs.phase}"))
    row("show.turn", _turn(obs))
    row("show.hands", "")
    for seat in range(n):
        shown = cards(obs.known[seat]) if obs.known[seat] and seat != obs.seat else ""
        if seat == obs.seat:
            _hand_row(layout, obs, seat, cards(obs.hand_mask), "")
        else:
            _hand_row(layout, obs, seat, msg("replay.hand.count", count=obs.hand_sizes[seat]), shown)
    _tricks(layout, obs, text, tables_for(rules).trick, obs.trump)
    won = [0, 0]
    for _, winner, _cards in obs.tricks:
        won[winner % 2] += 1
    for team in (0, 1):
        line = msg(
            "show.taken.team",
            team=team_text(team, n),
            points=obs.card_points[team] + obs.cante_points[team],
            cards=obs.card_points[team],
            cantes=obs.cante_points[team],
            tricks=won[team],
        )
        if team == 0:
            row("show.taken", line)
        else:
            layout.more(line)
    said = []
    for seat, action in obs.cantes:
        if action == TUTE:
            said.append(msg("show.cante.tute", seat=seat_text(seat)))
        else:
            suit = action - SING
            points = rules.cante_points_trump if suit == obs.trump else rules.cante_points_plain
            said.append(
                msg("show.cante.sing", seat=seat_text(seat), points=points, suit=render.suit_text(suit, french))
            )
    row("show.cantes", "; ".join(said) or msg("none"))
    if obs.exchanged_by >= 0:
        row("show.exchange", msg("show.exchange.by", seat=seat_text(obs.exchanged_by)))
    if obs.scores_before != (0, 0) or obs.vueltas:
        a, b = obs.scores_before
        part = msg("show.match.vueltas" if obs.vueltas else "show.match.idas")
        row("show.match", msg("show.match.context", a=a, b=b, part=part))
    return layout.text()


# ====================================================================== Belote
def _bid_text(value: int, contract: int, french: bool) -> str:
    name = render_belote.contract_name(contract, french)
    if value == CAPOT:
        return msg("call.capot", contract=name)
    if value == GENERALE:
        return msg("call.generale", contract=name)
    return msg("call.bid", points=value, contract=name)


def _contract_text(obs: BeloteObservation, french: bool) -> str:
    if obs.rules.bidding == "auction":
        text = _bid_text(obs.bid, obs.contract, french)
    else:
        text = render_belote.contract_name(obs.contract, french)
    if obs.multiplier == 2:
        return msg("show.contract.coinched", contract=text, multiplier=obs.multiplier)
    if obs.multiplier > 2:
        return msg("show.contract.surcoinched", contract=text, multiplier=obs.multiplier)
    return text


#: The rank of a carré from its order (see tapete.belote.declarations: J, 9, A, 10, K, Q).
_CARRE_RANK = {6: 2, 4: 3, 7: 4, 2: 5, 3: 6, 5: 7}


def announced_text(kind: int, points: int, height: int) -> str:
    """A declaration as announced, before its cards are shown: ``tierce to the king (20)``."""
    if kind == 2:
        rank = french_cards.RANK_TOKENS[_CARRE_RANK.get(height, 4)]
        what = msg("decl.carre", ranks=msg(f"ranks.{rank}"))
    else:
        length, top = divmod(height, 8)
        name = {3: "decl.tierce", 4: "decl.quarante"}.get(length, "decl.quinte")
        what = msg("decl.sequence", name=msg(name), card=msg(f"rank.{french_cards.RANK_TOKENS[top]}"))
    return msg("decl.points", declaration=what, points=points)


def _contract_row(layout: Layout, obs: BeloteObservation, french: bool) -> None:
    n = obs.rules.players
    if obs.contract >= 0:
        if obs.taker < 0:
            layout.row("show.contract", msg("show.contract.fixed", contract=_contract_text(obs, french)))
            return
        text = msg("show.contract.taken", contract=_contract_text(obs, french), seat=seat_text(obs.taker))
        if n == 4:
            text = f"{text}, {msg('team', team=obs.taker % 2)}"
        elif n == 3:
            others = [seat_text((obs.taker + i) % 3) for i in (1, 2)]
            text = msg("show.contract.against", contract=text, a=others[0], b=others[1])
        layout.row("show.contract", text)
    elif obs.phase == "over":
        layout.row("show.contract", msg("show.contract.void"))
    elif obs.high_bid >= 0:
        value, contract = bid_of(obs.rules, obs.high_bid)
        high = msg("show.contract.high", bid=_bid_text(value, contract, french), seat=seat_text(obs.high_seat))
        if obs.coinched_by >= 0:
            high = msg("show.contract.high_coinched", high=high, seat=seat_text(obs.coinched_by))
        layout.row("show.contract", high)
    else:
        layout.row("show.contract", msg("show.contract.none"))


def _retourne_row(layout: Layout, obs: BeloteObservation, text: dict[int, str], french: bool) -> None:
    rules = obs.rules
    card = text[obs.retourne]
    suit = render_belote.suit_text(obs.retourne // 8, french)
    if rules.layout == "decouverte":
        if obs.contract >= 0:
            layout.row("show.retourne", msg("show.retourne.in_layout", card=card, seat=seat_text(obs.dealer)))
        else:
            layout.row(
                "show.retourne", msg("show.retourne.last_dealt", card=card, suit=suit, seat=seat_text(obs.dealer))
            )
        return
    if obs.contract >= 0:
        layout.row("show.retourne", msg("show.retourne.not_taken", card=card))
        return
    dealt = sum(obs.hand_sizes) + (1 if rules.taker_takes_retourne else 0)
    to_deal = rules.players * rules.hand_size - dealt
    out = obs.undealt - to_deal
    if out > 0:
        layout.row("show.retourne", msg("show.retourne.proposes_out", card=card, suit=suit, count=to_deal, out=out))
    else:
        layout.row("show.retourne", msg("show.retourne.proposes", card=card, suit=suit, count=obs.undealt))


def _show_belote(obs: BeloteObservation, french: bool) -> str:
    layout = Layout()
    row = layout.row
    rules = obs.rules
    n = rules.players
    decouverte = rules.layout == "decouverte"
    contract = obs.contract if obs.contract >= 0 else SANS_ATOUT
    strength = CONTRACTS[contract].trick.strength
    text = {c: french_cards.card_str(c, french) for c in range(32)}
    covered = 0
    for m in obs.covered:
        covered |= m

    def cards(mask: int) -> str:
        ordered = sorted(cards_of(mask), key=lambda c: (c // 8, -strength[c]))
        marked = [text[c] + ("*" if covered >> c & 1 else "") for c in ordered]
        return " ".join(marked) or msg("show.hand.empty")

    row("replay.view", msg("replay.view.seat", seat=seat_text(obs.seat)))
    row("show.rules", rules_text(rules))
    row("show.dealer", seat_text(obs.dealer))
    if obs.retourne >= 0:
        _retourne_row(layout, obs, text, french)
    if obs.bergere >= 0:
        row("show.bergere", msg("show.bergere.card", card=text[obs.bergere]))
    if obs.out_count:
        row("show.out", msg("show.out.count", count=obs.out_count))
    calls = [
        msg("show.call", seat=seat_text(seat), call=render_belote.call_text(rules, a, french)) for seat, a in obs.bids
    ]
    row("show.bidding", "; ".join(calls) or msg("none"))
    _contract_row(layout, obs, french)
    row("show.phase", msg(f"phase.{obs.phase}"))
    row("show.turn", _turn(obs))
    row("show.hands", "")
    for seat in range(n):
        down = msg("show.hand.face_down", count=obs.covered[seat].bit_count()) if decouverte else ""
        if seat == obs.seat:
            _hand_row(layout, obs, seat, cards(obs.hand_mask), "", down)
        elif decouverte:
            _hand_row(layout, obs, seat, cards(obs.known[seat]), "", down)
        else:
            shown = cards(obs.known[seat]) if obs.known[seat] else ""
            _hand_row(layout, obs, seat, msg("replay.hand.count", count=obs.hand_sizes[seat]), shown)
    if decouverte and covered:
        layout.more(msg("show.hand.covered"))
    if obs.contract >= 0:
        t = CONTRACTS[obs.contract]
        _tricks(layout, obs, text, t.trick, t.trump)
        for unit in range(len(obs.card_points)):
            won = [sum(1 for _, w, _c in obs.tricks if w == s) for s in range(n)]
            tricks = f"{won[unit]} + {won[unit + 2]}" if n == 4 else str(won[unit])
            line = msg("show.taken.belote", team=side_text(n, unit), points=obs.card_points[unit], tricks=tricks)
            if unit == 0:
                row("show.taken", line)
            else:
                layout.more(line)
        said = [
            msg("show.call", seat=seat_text(seat), call=announced_text(kind, points, height))
            for seat, kind, points, height in obs.announced
        ]
        row("show.declarations", "; ".join(said) or msg("none"))
        if obs.belote_seat >= 0:
            row("show.belote", msg("show.belote.held", seat=seat_text(obs.belote_seat), played=obs.belote_played))
    if any(obs.scores_before):
        if n == 4:
            a, b = obs.scores_before
            row("show.match", msg("show.match.scores", a=a, b=b))
        else:
            row("show.match", msg("show.match.scores_list", scores=render_belote.scores_text(obs.scores_before)))
    return layout.text()
