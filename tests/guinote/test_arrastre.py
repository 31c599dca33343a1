"""Arrastre obligations: each option with a position where turning it on or off changes the legal set.

Every position is reached by playing phase 1 out (helpers.reach_arrastre): oros are trumps, seat 3
draws the indicator and seat 0 leads the first arrastre trick; seats 0 and 2 are partners.
"""

from __future__ import annotations

import pytest

from tapete.core.errors import IllegalActionError, RulesError

from .helpers import cards as cards_
from .helpers import deal, legal_cards, play_all, reach_arrastre, rules, snapshot

LEAD_4B = "4b 6b 7b Sb Cb 6c"  # seat 0, leads the 4 de bastos


def position(preset: str, hands: list[str], indicator: str, played: str, **opts):
    s = reach_arrastre(rules(preset, **opts), hands, indicator)
    assert s.in_arrastre() and s.current_player == 0 and s.stock_size() == 0
    play_all(s, played)
    return s


def legal_under(preset, hands, indicator, played, **opts) -> set[str]:
    return legal_cards(position(preset, hands, indicator, played, **opts))


def S(text: str) -> set[str]:
    return set(text.split())


# ------------------------------------------------------------------ must_follow

FOLLOW = [LEAD_4B.replace("4b", "2b"), "4b 5b 1e 2e 3e 4e", "1b 3b 5e 6e 7e Se", "1o 2o 3o 4o 5o 6o"]


def test_must_follow():
    """002 §05: always follow the suit led when you have it; 001 "Phase 2" 1: strict follow suit."""
    relaxed = {"must_head": False, "must_trump": False, "must_overtrump": False}
    assert legal_under("aragones", FOLLOW, "6o", "2b", **relaxed) == S("4b 5b")
    assert legal_under("aragones", FOLLOW, "6o", "2b", must_follow=False, **relaxed) == S(FOLLOW[1])


def test_cannot_trump_instead_of_following():
    """002 §05: "Нельзя козырять вместо масти, которая есть в руке" (no trumping while holding the suit led);
    if the suit cannot beat the trick any card of the suit goes."""
    hands = [LEAD_4B, "2b 2o 3o 1c 2c 3c", "1b 3b 5e 6e 7e Se", "1o 4o 5o 6o 7o So"]
    for preset in ("aragones", "clasico", "frances"):
        assert legal_under(preset, hands, "6o", "4b") == S("2b"), preset


# ------------------------------------------------------------------ must_head

HEAD = [LEAD_4B, "2b 5b 1b 1e 2e 3e", "3b Rb 5e 6e 7e Se", "1o 2o 3o 4o 5o 6o"]


def test_must_head():
    """002 §05: with no trump in the trick and an opponent winning, beat the highest card of the suit led if
    you can (otherwise any card of the suit); 001 "Phase 2" 3: head the trick in suit."""
    assert legal_under("aragones", HEAD, "6o", "4b") == S("5b 1b")
    assert legal_under("clasico", HEAD, "6o", "4b") == S("5b 1b")
    assert legal_under("frances", HEAD, "6o", "4b") == S("5b 1b")  # 003: beat the leader's card if possible
    assert legal_under("aragones", HEAD, "6o", "4b", must_head=False) == S("2b 5b 1b")


def test_must_head_not_possible_any_card_of_the_suit():
    """002 §05: "иначе дайте любую карту этой масти" (otherwise any card of that suit)."""
    hands = [LEAD_4B.replace("4b", "1b"), "2b 5b 4b 1e 2e 3e", "3b Rb 5e 6e 7e Se", "1o 2o 3o 4o 5o 6o"]
    assert legal_under("aragones", hands, "6o", "1b") == S("2b 5b 4b")


def test_head_in_trumps_when_trumps_are_led():
    """002 §05: "Если заход был в козырь, перебейте выигрывающий козырь соперника при возможности"."""
    hands = ["4o 6b 7b Sb Cb 6c", "2o 7o 1c 2c 3c 4c", "1b 3b 5e 6e 7e Se", "1o 3o 5o 6o So Co"]
    assert legal_under("aragones", hands, "6o", "4o") == S("7o")
    assert legal_under("aragones", hands, "6o", "4o", must_head=False) == S("2o 7o")


# ------------------------------------------------------------ head_when_trumped

TRUMPED = [LEAD_4B, "2o 1e 2e 3e 4e 5e", "2b 5b 1b 6e 7e Se", "1o 3o 4o 5o 6o 7o"]


def test_head_when_trumped():
    """002 §05: heading is due "if there is no trump yet"; once an opponent has trumped, any card of the suit
    led may follow. 001 "Phase 2" 3 read literally: always play higher than the highest card of the suit led."""
    assert legal_under("aragones", TRUMPED, "6o", "4b 2o") == S("2b 5b 1b")
    assert legal_under("aragones", TRUMPED, "6o", "4b 2o", head_when_trumped=True) == S("5b 1b")
    assert legal_under("clasico", TRUMPED, "6o", "4b 2o") == S("5b 1b")


# ------------------------------------------------------------------ must_trump

TRUMP = [LEAD_4B, "2o 3o 1c 2c 3c 4c", "1b 3b 5e 6e 7e Se", "1o 4o 5o 6o 7o So"]


def test_must_trump():
    """002 §05: without the suit led, when an opponent is winning, play a winning trump if possible;
    001 "Phase 2" 2: if unable to follow suit, a player must play a trump if they hold one."""
    assert legal_under("aragones", TRUMP, "6o", "4b") == S("2o 3o")
    assert legal_under("clasico", TRUMP, "6o", "4b") == S("2o 3o")
    assert legal_under("aragones", TRUMP, "6o", "4b", must_trump=False, must_overtrump=False) == S(TRUMP[1])


def test_void_without_trumps_discards_anything():
    """002 §05: if you cannot trump you may discard any card; 003: "if neither, any card"."""
    hands = [LEAD_4B, "1c 2c 3c 4c 1e 2e", "1b 3b 5e 6e 7e Se", "1o 2o 3o 4o 5o 6o"]
    assert legal_under("aragones", hands, "6o", "4b") == S(hands[1])


# -------------------------------------------------------------- must_overtrump

OVER = [LEAD_4B, "5o 1c 2c 3c 4c 5c", "2o 7o 1e 2e 3e 4e", "1o 3o 4o 6o So Co"]


def test_must_overtrump():
    """002 §05: overtrump an opponent's trump if you can; 001 "Phase 2" 2: if a trump has already been played,
    play a higher trump if able."""
    assert legal_under("aragones", OVER, "6o", "4b 5o") == S("7o")
    assert legal_under("clasico", OVER, "6o", "4b 5o") == S("7o")
    assert legal_under("aragones", OVER, "6o", "4b 5o", must_overtrump=False) == S("2o 7o")


# ------------------------------------------------------------- must_undertrump

UNDER = [LEAD_4B, "3o 1c 2c 3c 4c 5c", "2o 5o 1e 2e 3e 4e", "1o 4o 6o 7o So Co"]


def test_must_undertrump():
    """002 §05: "Если перекозырить нельзя ... можно сбросить любую карту" (unable to overtrump: discard any
    card); 001 "Phase 2" 2 read literally (must play a trump if they hold one): a lower trump is still due."""
    assert legal_under("aragones", UNDER, "6o", "4b 3o") == S(UNDER[2])
    assert legal_under("aragones", UNDER, "6o", "4b 3o", must_undertrump=True) == S("2o 5o")
    assert legal_under("clasico", UNDER, "6o", "4b 3o") == S("2o 5o")


# --------------------------------------------------------------- partner_exempt

PARTNER_HEAD = [LEAD_4B.replace("4b", "5b"), "2b 1c 2c 3c 4c 5c", "4b 1b 1e 2e 3e 4e", "1o 2o 3o 4o 6o 7o"]
PARTNER_VOID = [LEAD_4B.replace("4b", "5b"), "2b 1c 2c 3c 4c 5c", "2o 3o 1e 2e 3e 4e", "1o 4o 6o 7o So Co"]


def test_partner_exempt():
    """002 §05: "Партнёра в этом варианте перебивать не требуется" (no duty to beat partner); "если ...
    выигрывает партнёр, можно сбросить любую карту"; a stricter partner rule is agreed separately before play.
    003: not obliged to beat a partner's card. 001 names no exemption."""
    # Partner (seat 0) wins with 5b; seat 2 holds 4b and 1b.
    assert legal_under("aragones", PARTNER_HEAD, "6o", "5b 2b") == S("4b 1b")
    assert legal_under("aragones", PARTNER_HEAD, "6o", "5b 2b", partner_exempt=False) == S("1b")
    assert legal_under("clasico", PARTNER_HEAD, "6o", "5b 2b") == S("1b")
    # Void in the suit led while partner wins: discard anything, or (not exempt) trump.
    assert legal_under("aragones", PARTNER_VOID, "6o", "5b 2b") == S(PARTNER_VOID[2])
    assert legal_under("frances", PARTNER_VOID, "6o", "5b 2b") == S(PARTNER_VOID[2])
    assert legal_under("aragones", PARTNER_VOID, "6o", "5b 2b", partner_exempt=False) == S("2o 3o")
    assert legal_under("clasico", PARTNER_VOID, "6o", "5b 2b") == S("2o 3o")


def test_partner_exempt_over_partners_trump():
    """002 §05: no duty to overtrump when the partner's trump is winning; 001 (no exemption): the duty stands."""
    # seat 0 leads 4b, seat 1 trumps with 5o, seat 2 has neither bastos nor trumps and discards:
    # seat 3's partner (seat 1) holds the trick.
    hands = [LEAD_4B, "5o 1c 2c 3c 4c 5c", "1e 2e 3e 4e 5e 7e", "2o 3o 6o Co So 1o"]
    assert legal_under("aragones", hands, "6o", "4b 5o 1e") == S(hands[3])
    assert legal_under("clasico", hands, "6o", "4b 5o 1e") == S("3o 6o Co So 1o")
    # If seat 2 overtrumps (7o), seat 3 faces an opponent's trump and must beat it in both systems.
    hands = [LEAD_4B, "5o 1c 2c 3c 4c 5c", "7o 2e 3e 4e 5e 1e", "2o 3o 6o Co So 1o"]
    assert legal_under("aragones", hands, "6o", "4b 5o 7o") == S("3o Co So 1o")
    assert legal_under("clasico", hands, "6o", "4b 5o 7o") == S("3o Co So 1o")


# ---------------------------------------------------- overtrump_opponents_only

# seat 0 leads 4b; seat 1 (seat 3's partner) trumps with 3o; seat 2 (an opponent) has no bastos.
OPP_LOW = [LEAD_4B, "3o 1c 2c 3c 4c 5c", "5o 1e 2e 3e 4e 5e", "1o 6o 2o 7e Se Ce"]
OPP_NONE = [LEAD_4B, "3o 1c 2c 3c 4c 5c", "1e 2e 3e 4e 5e 7c", "1o 6o 2o 7e Se Ce"]
OPP_TRUMP_LEAD = ["4o 6b 7b Sb Cb 6c", "3o 1c 2c 3c 4c 5c", "6o 1e 2e 3e 4e 5e", "1o 7o 2o 6e Se Ce"]


def test_overtrump_opponents_only():
    """Issue 12 (some programs): the overtrump duty counts only the opponents' trumps, separately from the
    partner exemption. 001 "Phase 2" 2 (no exemption, clasico): a trump winning the trick must be overtrumped,
    even the partner's; with the option only an opponent's trump must be beaten (002 §05's "перекозырить
    соперника", overtrump the opponent, read for every system)."""
    opt = {"overtrump_opponents_only": True}
    # Seat 2 (opponent) undertrumped with 5o under the partner's 3o: today seat 3 must beat the 3o (only 1o);
    # with the option it must beat the opponent's 5o (1o or 6o), never the 2o.
    assert legal_under("clasico", OPP_LOW, "6o", "4b 3o 5o") == S("1o")
    assert legal_under("clasico", OPP_LOW, "6o", "4b 3o 5o", **opt) == S("1o 6o")
    # No opponent trump in the trick: a trump is still due (must_trump), any trump.
    assert legal_under("clasico", OPP_NONE, "6o", "4b 3o 1e") == S("1o")
    assert legal_under("clasico", OPP_NONE, "6o", "4b 3o 1e", **opt) == S("1o 6o 2o")
    # Trumps led: heading in trumps is overtrumping (002 §05), counted over the opponents' 4o and 6o.
    assert legal_under("clasico", OPP_TRUMP_LEAD, "7o", "4o 3o 6o") == S("1o")
    assert legal_under("clasico", OPP_TRUMP_LEAD, "7o", "4o 3o 6o", **opt) == S("1o 7o")
    # An opponent holding the trick: unchanged (beat the best trump).
    assert legal_under("clasico", OVER, "6o", "4b 5o", **opt) == S("7o")
    # With the partner exemption the seat is free anyway: the option changes nothing.
    assert legal_under("aragones", OPP_LOW, "6o", "4b 3o 5o", **opt) == S(OPP_LOW[3])
    with pytest.raises(RulesError, match="needs must_overtrump=True"):
        rules("clasico", must_overtrump=False, must_undertrump=False, **opt)


def test_overtrump_opponents_only_reaches_the_sampler():
    """The duty lives in the shared Duties (tapete.core.tricks), which the sampler's inference and the exact
    search also read: seat 3 playing 6o over the opponent's 5o, under its partner's 3o, proves it has no 1o
    only when the partner's trump must be beaten too."""
    from tapete.core.cards.spanish import parse_card
    from tapete.core.sampling import proven_absent
    from tapete.guinote.tables import tables_for

    trick = [(0, cards_("4b 3o 5o 6o"))]
    ace = 1 << parse_card("1o")
    for opts, absent in (({}, True), ({"overtrump_opponents_only": True}, False)):
        t = tables_for(rules("clasico", **opts))
        proven = proven_absent(trick, 4, ace, 0, t.trick, t.duties, True)
        assert bool(proven[3] & ace) is absent, opts


# --------------------------------------------------------- strict_from_first_trick


def test_strict_from_first_trick():
    """001 "Common Variations": Guiñote con arrastre temprano enforces the strict rules throughout, from the
    first trick; otherwise phase 1 is free (002 §04)."""
    hands = ["2o 4o 4b 5b 6b Cb", "4c 5e 6e 1b 3b 7b", "2c 5c 1e 2e 3e 4e", "5o 6o 3c 7c 6c Sb"]
    for preset, opts, expect in (
        ("aragones", {}, S(hands[2])),
        ("aragones", {"strict_from_first_trick": True}, S("5c")),
        ("clasico", {}, S(hands[2])),
        ("arrastre-temprano", {}, S("5c")),
    ):
        s = deal(rules(preset, **opts), hands, "1o")
        assert s.current_player == 1
        s.play("4c")
        assert legal_cards(s) == expect, preset
    # ...and the duty to trump also applies with stock left.
    hands = ["2o 4o 4b 5b 6b Cb", "4c 5e 6e 1b 3b 7b", "5o 6o 1e 2e 3e 4e", "2c 5c 3c 7c 6c Sb"]
    for preset, expect in (("arrastre-temprano", S("5o 6o")), ("clasico", S(hands[2]))):
        s = deal(rules(preset), hands, "1o")
        s.play("4c")
        assert legal_cards(s) == expect, preset


# -------------------------------------------------------------- illegal attempts


def test_illegal_card_is_refused_with_a_reason_and_nothing_changes():
    """Engine contract: a card that breaks an obligation raises IllegalActionError naming the duty; the state
    is identical afterwards."""
    s = position("aragones", OVER, "6o", "4b 5o")
    before = snapshot(s)
    with pytest.raises(IllegalActionError, match="overtrump"):
        s.play("2o")
    with pytest.raises(IllegalActionError):
        s.play("1e")
    assert snapshot(s) == before
    t = position("aragones", HEAD, "6o", "4b")
    with pytest.raises(IllegalActionError, match="beat"):
        t.play("2b")
    u = position("aragones", TRUMP, "6o", "4b")
    with pytest.raises(IllegalActionError, match="trump"):
        u.play("1c")
