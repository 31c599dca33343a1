"""The English text of the ``rules`` catalog (see :mod:`tapete.text.messages`), keyed by message id.

It holds what ``tapete rules`` prints: for each game, a name, a one-sentence
explanation and the source of every rules option (``rules.<game>.<option>.name``,
``.about``, ``.source``), a phrase for every choice of a string option
(``rules.<game>.<option>.value.<choice>``), a one-line description of every
preset (``rules.<game>.preset.<name>``) and the sentences of the summary.
Sources cite the seeds and published rules exactly as ``docs/rules/guinote.md``
and ``docs/rules/belote.md`` do; ``tests/test_rules_cmd.py`` fails while an
option, a choice or a preset has no text here.
"""

from __future__ import annotations

from typing import Final

#: Guiñote option -> (name, explanation, source): docs/rules/guinote.md, "Every option".
_GUINOTE_OPTIONS: Final[dict[str, tuple[str, str, str]]] = {
    "players": (
        "Players",
        "Two players, each for himself (mano a mano), or four in two partnerships sitting opposite.",
        "4: all seeds; 2: 001 Players, Variations",
    ),
    "figure_order": (
        "Order of the sota and the caballo",
        "Which of the two lower figures ranks above the other and scores 3 points; the other scores 2.",
        "sota above: 002 §02; caballo above: 001 Card Deck, 003 Persiapan Dek Kartu",
    ),
    "cante_figure": (
        "Figure that pairs with the rey",
        "The figure that makes a cante with the rey of its suit (and, for a tute, the other set of four).",
        "sota: 002 §06; caballo: 001 Phase 1.5, 003 Deklarasi Marriage",
    ),
    "deal_packet": (
        "Cards per packet in the deal",
        "How many cards each player receives at a time when the six cards are dealt.",
        "3: 002 §03; 1: 001 Setup.3",
    ),
    "direction": (
        "Direction of play",
        "Which way play goes round the table; seat numbers always follow the order of play.",
        "anticlockwise: 001 Setup.3, 002 §03; clockwise: tapete's reading of 003",
    ),
    "first_lead": (
        "First to receive cards and to lead",
        "Who receives the first cards and leads the first trick; in every preset it is the player after the dealer.",
        "dealer's right: 001 Setup.5, 002 §03; dealer's left: 003 Aturan Main",
    ),
    "next_dealer": (
        "Next dealer",
        "Who deals the next deal.",
        "in turn: 001 Players; the last trick: 002 §03",
    ),
    "cante_by": (
        "Who may sing",
        "Who may sing a cante after a trick is won; with two players it is always the winner of the trick.",
        "the winner: 001 Phase 1.5; either partner: 002 §06, 003 Deklarasi Marriage",
    ),
    "cante_timing": (
        "When cantes are sung while there is stock",
        "Whether the cantes of a trick won while there is stock are sung after the draw, so that a card just "
        "drawn may complete the pair, or before it.",
        "after the draw: 002 §06; before it: 001 Phase 1.5",
    ),
    "cante_window": (
        "When the cante window closes",
        "Whether cantes for a trick won must be sung before the next lead, or may still be sung after the lead "
        "card, until an opponent has played to the next trick.",
        "before the lead: 002 §06 (the teaching window); until an opponent's card: 002 §06 (other tables)",
    ),
    "cantes_per_trick": (
        "Cantes per player for each trick won",
        "How many cantes (a tute included) one player may sing for each trick won; 0 means no limit.",
        "common practice (variants.md); 003 Deklarasi Marriage",
    ),
    "cantes_in_arrastre": (
        "Cantes in the arrastre",
        "Whether cantes may still be sung once the stock is gone.",
        "001 Phase 2.5; 002 §06, §08",
    ),
    "cante_points_trump": (
        "Points of a cante in trumps (las cuarenta)",
        "Points for the rey and its partner figure of the trump suit.",
        "40: 001 Scoring 5, 002 §06, 003 Sistem Penilaian",
    ),
    "cante_points_plain": (
        "Points of a cante in another suit (las veinte)",
        "Points for the rey and its partner figure of a suit other than trumps.",
        "20: 001 Scoring 5, 002 §06, 003 Sistem Penilaian",
    ),
    "tute": (
        "Tute",
        "What four reyes (or four of the cante figure) in one hand are worth when sung.",
        "a bonus: 001 Variations (Riojano); the partida: common practice (variants.md); none: 001, 003",
    ),
    "tute_points": (
        "Points of a tute",
        "Points a tute adds when it is a bonus.",
        "40: 001 Variations",
    ),
    "tute_figures": (
        "What makes a tute",
        "Whether four of the cante figure also make a tute, besides four reyes.",
        "four reyes: 001 Variations; four of the cante figure as well: common practice (variants.md)",
    ),
    "exchange_timing": (
        "Exchanging the 7 of trumps",
        "When the holder of the 7 of trumps may swap it for the muestra while the muestra is on the table.",
        "own turn: 001 Phase 1.4; before the lead: 002 §06; before the draw: common practice (variants.md); "
        "until the next trick closes: some apps; when leading: 003 Gerakan Khusus; never: house rule",
    ),
    "exchange_needs_counting_indicator": (
        "Exchange only for a muestra that counts",
        "Whether the 7 of trumps may be exchanged only when the muestra is worth points (as, 3, rey, sota or caballo).",
        'common practice, "some tables" (variants.md)',
    ),
    "strict_from_first_trick": (
        "Arrastre duties from the first trick",
        "Whether the play duties apply from the first trick instead of only once the stock is gone.",
        '001 Variations ("arrastre temprano")',
    ),
    "must_follow": (
        "Follow suit",
        "A player who holds the suit led must play it.",
        "001 Phase 2.1, 002 §05, 003 Perubahan Aturan",
    ),
    "must_head": (
        "Beat in suit",
        "A player following suit must beat the best card of the trick when able.",
        "001 Phase 2.3, 002 §05, 003 Perubahan Aturan",
    ),
    "head_when_trumped": (
        "Beat in suit after a trump",
        "Whether beating in suit is still due once the trick has been trumped.",
        "yes: 001 Phase 2.3 (literal); no: 002 §05",
    ),
    "must_trump": (
        "Trump when void",
        "A player without the suit led must play a trump when able.",
        "001 Phase 2.2, 002 §05, 003 Perubahan Aturan",
    ),
    "must_overtrump": (
        "Overtrump",
        "When a trump is winning the trick, a player who must trump has to play a higher one when able.",
        "001 Phase 2.2, 002 §05",
    ),
    "must_undertrump": (
        "Undertrump",
        "A player unable to overtrump must still play a lower trump instead of any card.",
        "yes: 001 Phase 2.2 (literal); no: 002 §05",
    ),
    "partner_exempt": (
        "Free while the partner holds the trick",
        "While his partner holds the trick a player need not beat or trump (four players only).",
        "yes: 002 §05, 003 Perubahan Aturan; no: 001 Phase 2 and the stricter tournament reading (variants.md)",
    ),
    "overtrump_opponents_only": (
        "Overtrump only the opponents",
        "While his partner holds the trick, a player need only beat a trump an opponent played: his "
        "partner's trump obliges nothing (matters without the partner exemption).",
        "some online programs (issue 12); not in the seeds",
    ),
    "last_trick_bonus": (
        "Points for the last trick (diez de últimas)",
        "Points for the side that takes the last trick of a deal played to its end.",
        "10: 001 Scoring 3, 002 §07, 003 Sistem Penilaian",
    ),
    "capote": (
        "Capote (every trick to one side)",
        "What a side that takes every trick of the deal wins besides its points.",
        "a bonus or the match: 001 Scoring 6, Winning; nothing: 002, 003 (not mentioned)",
    ),
    "capote_bonus": (
        "Points of a capote",
        "Points a capote adds when it is a bonus.",
        "100: 001 Scoring 6",
    ),
    "target": (
        "Points to win a partida",
        "Points a side must reach (or pass) to win a partida.",
        "101: 002 §07, 003 Kondisi Kemenangan; 100: 001 Objective, Winning",
    ),
    "idas_vueltas": (
        "Idas y vueltas",
        "Whether the first deal (idas) is played out and, if nobody has reached the target, vueltas deals "
        "follow in which a side may claim.",
        "002 §07; 003 Kondisi Kemenangan",
    ),
    "vueltas_auto_end": (
        "Vueltas end at the target",
        "Whether a vueltas deal also ends by itself, won, as soon as a trick brings a side to the target, "
        "besides a claim.",
        "some apps (Guinote-Mobile-APP); juegosdecartas.fun: the vueltas need not be finished",
    ),
    "claims": (
        "Claiming the partida",
        "When a side may stop the deal by claiming that it has reached the target.",
        "in the vueltas: 002 §07; at any time: 003 Kondisi Kemenangan; never: 001",
    ),
    "wrong_claim_loses": (
        "A wrong claim loses",
        "Whether a claim short of the target loses the partida; if not, a claim is offered only once the "
        "target is reached.",
        "003 Kondisi Kemenangan; tapete's reading for 002",
    ),
    "claim_needs_lead": (
        "A claim must be ahead",
        "Whether a claiming side must also have more points than the other side for its claim to be right.",
        "some apps (Guinote-Mobile-APP)",
    ),
    "both_past": (
        "Both sides past the target",
        "Who wins the partida when both sides reach the target in the same deal.",
        "the higher score: 001 Winning; the last trick: 002 §07",
    ),
    "last_trick_min_points": (
        "Card points the side of the last trick needs",
        "When both sides pass the target, the card points of the deal (without cantes or the diez de "
        "últimas) the side of the last trick needs to win.",
        "30: 002 §07, read as card points with variants.md",
    ),
    "min_points_scope": (
        "When those card points are needed",
        "Whether the card points of the deal are needed only by the side of the last trick when both sides "
        "pass the target, or by any side that wins on points (alone, by a claim, at the end of vueltas).",
        "both sides past: 002 §07; always: common practice (variants.md), Guinote-Mobile-APP",
    ),
    "malas_floor": (
        "Las 30 malas (minimum score)",
        "A side with fewer points than this at the end of a deal played out loses the partida at once.",
        "30: some apps (Guinote-Mobile-APP); not played: the seeds",
    ),
    "malas_buenas": (
        "Scores as malas and buenas",
        "Whether scores are shown as players say them: up to 50 malas, then buenas (display only).",
        "002 §07",
    ),
    "partidas_to_win": (
        "Partidas that win the match (the coto)",
        "How many partidas a side must win to win the match.",
        "3: 002 §07 (coto); 1: 001, 003",
    ),
    "review_tricks": (
        "Tricks a player may look back at",
        "Which of the tricks already taken a player may look at again during the deal.",
        "all: 001 Tips; the last one: tapete's reading",
    ),
    "deck_faces": (
        "Card faces",
        "Whether the cards are drawn as a Spanish deck or as a French deck stripped to 40 (display only).",
        "french: 003; spanish: 001, 002, 004",
    ),
}

#: (Guiñote option, choice) -> the choice in words.
_GUINOTE_VALUES: Final[dict[tuple[str, str], str]] = {
    ("figure_order", "sota_high"): "sota above caballo (sota 3 points, caballo 2)",
    ("figure_order", "caballo_high"): "caballo above sota (caballo 3 points, sota 2)",
    ("cante_figure", "sota"): "rey and sota",
    ("cante_figure", "caballo"): "rey and caballo",
    ("direction", "anticlockwise"): "anticlockwise (to the right)",
    ("direction", "clockwise"): "clockwise (to the left)",
    ("first_lead", "dealer_right"): "the player on the dealer's right",
    ("first_lead", "dealer_left"): "the player on the dealer's left",
    ("next_dealer", "rotate"): "the next player in turn",
    ("next_dealer", "last_trick"): "whoever took the last trick of the deal",
    ("cante_by", "trick_winner"): "only the winner of the trick",
    ("cante_by", "winning_team"): "either player of the side that won the trick",
    ("cante_timing", "after_draw"): "after the draw",
    ("cante_timing", "before_draw"): "before the draw (the pair must be held when the trick is won)",
    ("exchange_timing", "own_turn"): "on any of one's turns while there is stock",
    ("exchange_timing", "after_team_win"): "after one's side wins a trick, before the draw",
    ("exchange_timing", "before_lead"): (
        "after one's side wins a trick, after the draw and before the next lead (at the last draw, before it)"
    ),
    ("exchange_timing", "until_next_trick"): "after one's side wins a trick, until the next trick closes",
    ("cante_window", "before_lead"): "before the next lead",
    ("cante_window", "until_opponent_card"): "until an opponent has played to the next trick",
    ("exchange_timing", "when_leading"): "when about to lead",
    ("exchange_timing", "never"): "never",
    ("tute", "none"): "no tute",
    ("tute", "bonus"): "a bonus of points",
    ("tute", "wins_partida"): "wins the partida at once",
    ("tute_figures", "reyes"): "four reyes only",
    ("tute_figures", "reyes_or_cante_figure"): "four reyes, or four of the cante figure",
    ("capote", "none"): "nothing extra",
    ("capote", "bonus"): "a bonus of points",
    ("capote", "wins_match"): "wins the match at once",
    ("claims", "none"): "never",
    ("claims", "vueltas"): "in the vueltas, on taking a trick, before leading",
    ("claims", "any_time"): "on any turn to play",
    ("both_past", "higher_score"): "the higher score (a tie replays the deal)",
    ("both_past", "last_trick"): "the side of the last trick, if it has enough card points",
    ("min_points_scope", "both_past"): "only when both sides pass the target",
    ("min_points_scope", "always"): "whenever a side wins on points",
    ("review_tricks", "all"): "every trick taken",
    ("review_tricks", "last"): "only the last trick",
    ("deck_faces", "spanish"): "a Spanish deck",
    ("deck_faces", "french"): "a French deck",
}

#: Belote option -> (name, explanation, source): docs/rules/belote.md, "Every option".
_BELOTE_OPTIONS: Final[dict[str, tuple[str, str, str]]] = {
    "players": (
        "Players",
        "Four players in two partnerships sitting opposite, or three or two players each for himself, "
        "the taker alone against the others.",
        "4: 004 'Jugadores'; 3 and 2: 004 'Variantes comunes', E3, F3, E2, JD",
    ),
    "deck": (
        "The pack",
        "The pack: 32 cards, or 24 without the 7s and 8s.",
        "32: 004 'Mazo de cartas y clasificación'; 24: E3, F3 (three players)",
    ),
    "hand_size": (
        "Cards per player",
        "Cards each player holds once the deal is complete, which is also the number of tricks.",
        "8: 004 'Selección del triunfo' 4; 9: E2; 16: JD, E2",
    ),
    "taker_takes_retourne": (
        "The taker takes the retourne",
        "Whether the taker receives the face-up retourne, or it stays face up out of play and the hands are "
        "completed from the pack.",
        "yes: 004 'Selección del triunfo' 4; no: E2, PP (two players), A3",
    ),
    "bergere": (
        "The bergère is shown",
        "Whether the bottom card of the undealt pack (the bergère) is shown face up after the deal, for "
        "information only.",
        "E2, PP",
    ),
    "layout": (
        "How the cards are held",
        "In the hand, or (découverte) as 8 face-up cards each lying on a face-down one, turned up once the card "
        "on it has been played.",
        "découverte: JD, E2, PG†",
    ),
    "decouverte_trump": (
        "Trumps in découverte",
        "In découverte, whether trumps are taken in two rounds on the last card dealt, or are simply its suit, "
        "with no taker.",
        "taking: PG†; the suit of the last card: JD (its scoring is tapete's reading)",
    ),
    "deal_packets": (
        "Packets of the deal",
        "How the cards dealt before the choice of trumps are given out.",
        "3-2 and 3-3: 004 'Preparación y reparto' 2; 2-3: common practice (the contrée deal 2-3-3)",
    ),
    "direction": (
        "Direction of play",
        "Which way play goes round the table; seat numbers always follow the order of play.",
        "004 'Jugadores'",
    ),
    "bidding": (
        "How trumps are chosen",
        "Two taking rounds on the retourne, or an auction of points and contracts once every card is dealt.",
        "taking: 004 'Selección del triunfo'; auction: 004 'Variantes comunes' (Coinche, Contrée) and common practice",
    ),
    "taking_sa_ta": (
        "Sans-atout and tout-atout in the taking",
        "Whether the second taking round also offers sans-atout and tout-atout.",
        "004 'Variantes comunes' (Tout-atout y Sans-atout); common table practice",
    ),
    "min_bid": (
        "Lowest bid",
        "In the auction, the lowest points bid.",
        "82: 004 'Variantes comunes' (\"82-252+\"); 80: common practice (FFB, lacontree.free.fr)",
    ),
    "bid_step": (
        "Step between bids",
        "In the auction, the step between two points bids.",
        "10: common practice",
    ),
    "max_bid": (
        "Highest points bid",
        "In the auction, the highest points bid; capot (and générale) come above it.",
        "162: tapete's reading of 004's \"82-252+\"; 160: common practice",
    ),
    "auction_sa_ta": (
        "Sans-atout and tout-atout bids",
        "Whether sans-atout and tout-atout may be bid in the auction.",
        "004 'Variantes comunes'; common coinche practice",
    ),
    "generale": (
        "Générale bid",
        "Whether a générale (one player of the takers wins every trick) may be bid; it scores a flat 500 times "
        "the multiplier.",
        "common practice (coinche)",
    ),
    "coinche": (
        "Coinche and surcoinche",
        "Whether an opponent of the highest bidder may coinche (double), closing the bidding, after which the "
        "bidders may surcoinche.",
        "004 'Variantes comunes' (Coinche); common practice for the procedure (lacontree.free.fr §2.4)",
    ),
    "surcoinche_multiplier": (
        "Surcoinche multiplier",
        "What a surcoinched contract is multiplied by.",
        "4: 004 'Variantes comunes' (\"redoblar\"), common practice; 3: house rule of some clubs",
    ),
    "classic_coinche": (
        "Coinche after the taking",
        "In the taking game, whether the opponents may coinche (double) the taker's contract before the first "
        "card, and the takers then surcoinche; the winning side scores every point of the deal times the "
        "multiplier, belote apart.",
        "none: 004; coinche and surcoinche: beloteenligne.com (belote bridgée), lacontree.free.fr §2.4, "
        "issue 12",
    ),
    "partner_exempt": (
        "No duty to trump while the partner holds the trick",
        "A player without the suit led may play any card instead of trumping while his partner holds the trick.",
        "004 'Juego de bazas' 4",
    ),
    "overtrump_partner_on_trump_lead": (
        "Overtrump the partner when trumps are led",
        "When trumps are led, whether a player must beat the best trump even if his partner holds the trick.",
        "yes: common practice (FFB); no: contree.org \"4 joueurs\", and 004 'Juego de bazas' 4 read broadly",
    ),
    "beat_partner_trump": (
        "A trump over the partner's must beat it",
        "While the partner holds the trick with a trump, a player without the suit led may still discard, but a "
        "trump he plays must beat the partner's when he can.",
        "no: 004 'Juego de bazas' 4; yes: Board Game Arena (belote)",
    ),
    "beat_trump_lead": (
        "Beat the best trump when trumps are led",
        "When trumps are led (in tout-atout, any suit), whether a player must play a higher trump than the best "
        "one in the trick when he can, or may follow with any trump.",
        "yes: common practice (FFB); no: some coinche programs",
    ),
    "must_undertrump": (
        "Undertrump (pisser)",
        "A player without the suit led, an opponent's trump winning and no higher trump, must still play a "
        "lower trump.",
        "yes: 004 'Juego de bazas' 3 (literal); no: common practice in some rule sets",
    ),
    "declarations": (
        "Declarations (annonces)",
        "Whether sequences (tierce, quarante, quinte) and carrés are announced during the first trick and "
        "scored by the side with the best one.",
        "004 'Declaraciones'",
    ),
    "declaration_tie": (
        "Equal best declarations",
        "Who scores when the best declarations of both sides are equal.",
        "the trump sequence, then the takers: 004 'Declaraciones'; nobody: Klaberjass and some tables; "
        "the first announced: house rule",
    ),
    "carre_order": (
        "Order of carrés of 100",
        "How carrés of aces, tens, kings and queens compare with each other: in the trump order (A, 10, K, Q) "
        "or in the natural order (A, K, Q, 10).",
        "trump order: common practice (FFB); natural order: several programs",
    ),
    "low_carres": (
        "Carrés of 7s and 8s",
        "Whether four 7s or four 8s count for nothing, or are worth 0 but rank as carrés below the others, so "
        "that they beat and cancel the other side's sequences.",
        "nothing: 004 'Declaraciones', Carré; ranking: contree.org \"Les annonces\"",
    ),
    "capot_declarations": (
        "Declarations on a capot",
        "Whether each side keeps the declarations it won when one side takes every trick, or the side that "
        "takes every trick also takes the other side's.",
        "each keeps its own: contree.org \"La marque\"; all to the capot: some programs",
    ),
    "belote_rebelote": (
        "Belote-rebelote",
        "Whether the king and queen of trumps in one hand score 20 once both are played.",
        "004 'Declaraciones', Belote-Rebelote",
    ),
    "belote_counts_for_contract": (
        "Belote counts for the contract",
        "Whether the 20 of belote count toward making the contract.",
        "yes: 004 'Puntuación de una mano'; no: house rule",
    ),
    "belote_to_defence_on_failure": (
        "Belote goes to the defence on a failure",
        "Whether the belote of takers who fail goes to the defence instead of staying with them.",
        "no: 004 'Puntuación de una mano' (the takers keep it); yes: house rule",
    ),
    "scoring": (
        "Scoring of the contract",
        "How the contract is judged and scored: against the defence's points, or against the bid.",
        "classic: 004 'Puntuación de una mano'; contrée: common practice (lacontree.free.fr §2.2, FFB); "
        "the bid only: common practice (coinche)",
    ),
    "litige": (
        "A tie between takers and defence (litige)",
        "In classic scoring, what happens when the takers score exactly as much as the defence.",
        "dedans: 004 'Puntuación de una mano' (\"IGUAL O MAYOR\"); held: common practice (contree.org "
        '"La marque"); dropped: house rule',
    ),
    "last_trick_bonus": (
        "Points for the last trick (dix de der)",
        "Points for the side that takes the last trick.",
        "10: 004 'Puntuación de una mano'",
    ),
    "sa_ta_points": (
        "Card points in sans-atout and tout-atout",
        "Whether the card points of sans-atout and tout-atout are scaled to 152 as in a suit contract, or keep "
        "the plain values (120) and the trump values (248).",
        "scaled: common practice (the usual tables); natural: Board Game Arena (coinche) and some programs",
    ),
    "failed_base": (
        "Base of a failed or coinched contract",
        "In the auction, the points added to the contract's value for the side that wins a failed or coinched "
        "contract: 160 or 162.",
        "160: common practice (FFB); 162: contrée tables that count the whole deal",
    ),
    "bid_82_scores_80": (
        "A bid of 82 scores 80",
        "In the auction, whether the lowest bid of 82 is scored as a contract of 80 (it must still make 82).",
        "82: 004 'Variantes comunes' (\"82-252+\"); scored as 80: some coinche tables",
    ),
    "capot_scoring": (
        "Value of a capot bid",
        "In the auction, what a capot bid is worth; a capot made always counts 162 plus the capot bonus in card "
        "points.",
        "bonus: 004 'Puntuación de una mano', Capot; a contract of 250: common practice (contrée); a flat 500: "
        "house rule",
    ),
    "capot_bonus": (
        "Capot bonus",
        "Points added to the 162 for taking every trick (capot), bid or not.",
        "90: 004 'Puntuación de una mano', Capot; 50: E2, A3 (two players)",
    ),
    "rounding": (
        "Rounding of the deal's scores",
        "How the scores of a deal are rounded; the contract is always judged on the exact points.",
        "004 'Puntuación de una mano', last bullet; to the nearest ten: lacontree.free.fr §2.2",
    ),
    "contract_vs": (
        "Three players: whom the taker must beat",
        "With three players, whether the taker must score more than each opponent or more than both together.",
        "each: F3; both together: HR†, PB†",
    ),
    "failed_points": (
        "Three players: the points of a failed taker",
        "With three players, where the card points and declarations of a taker who fails go.",
        "the higher opponent: tapete's reading after PB†; nobody: HR†; each opponent: PB†",
    ),
    "target": (
        "Points to win the match",
        "Points a side (or player) must reach to win the match; if several pass it in one deal, the takers win "
        "when they made their contract.",
        "1000 and 501: 004 'Victoria en la partida'; 2000 and 1500: tapete's choice (common practice plays "
        "1000 to 3000)",
    ),
    "next_dealer": (
        "Next dealer",
        "Who deals the next deal.",
        "the next player: 004 'Selección del triunfo' 3; the winner: LS, E2",
    ),
}

#: (Belote option, choice) -> the choice in words.
_BELOTE_VALUES: Final[dict[tuple[str, str], str]] = {
    ("deck", "32"): "32 cards, 7 to ace",
    ("deck", "24"): "24 cards, 9 to ace",
    ("layout", "hand"): "in the hand",
    ("layout", "decouverte"): "découverte: 8 face up on 8 face down",
    ("decouverte_trump", "taking"): "taken on the last card dealt",
    ("decouverte_trump", "fixed"): "the suit of the last card dealt, no taker",
    ("deal_packets", "3-2"): "3 cards, then 2",
    ("deal_packets", "2-3"): "2 cards, then 3",
    ("deal_packets", "3-3"): "3 cards, then 3",
    ("direction", "anticlockwise"): "anticlockwise (to the right)",
    ("direction", "clockwise"): "clockwise (to the left)",
    ("bidding", "taking"): "the taking: two rounds on the retourne",
    ("bidding", "auction"): "an auction (coinche, contrée)",
    ("declaration_tie", "trump_then_takers"): "the trump sequence, then the takers",
    ("declaration_tie", "cancel"): "nobody scores",
    ("declaration_tie", "eldest"): "the first to announce",
    ("declaration_tie", "from_taker"): "the trump sequence, then the first from the taker",
    ("carre_order", "trump"): "A, 10, K, Q (the trump order)",
    ("carre_order", "natural"): "A, K, Q, 10 (the natural order)",
    ("low_carres", "none"): "they count for nothing",
    ("low_carres", "rank"): "worth 0, but they rank as carrés",
    ("capot_declarations", "own"): "each side keeps its own",
    ("capot_declarations", "all"): "all to the side that takes every trick",
    ("sa_ta_points", "scaled"): "scaled to 152",
    ("sa_ta_points", "natural"): "unscaled: 120 in sans-atout, 248 in tout-atout",
    ("scoring", "classic"): "classic: more than the defence",
    ("scoring", "contree"): "contrée: points made plus the bid",
    ("scoring", "made_points"): "the bid only",
    ("litige", "dedans"): "the takers are dedans",
    ("litige", "held"): "the takers' points are held for the next deal's winner",
    ("litige", "dropped"): "the takers' points are dropped",
    ("capot_scoring", "bonus"): "a bonus (nothing is bid)",
    ("capot_scoring", "contract_250"): "a contract worth 250",
    ("capot_scoring", "flat_500"): "a flat 500",
    ("rounding", "none"): "exact scores",
    ("rounding", "nearest_10"): "to the nearest ten",
    ("rounding", "down_10"): "down to the ten",
    ("next_dealer", "next"): "the next player",
    ("next_dealer", "winner"): "the winner of the deal",
    ("contract_vs", "each"): "each opponent",
    ("contract_vs", "combined"): "both opponents together",
    ("failed_points", "higher"): "to the opponent with the higher total",
    ("failed_points", "vanish"): "to nobody",
    ("failed_points", "both"): "to each opponent",
    ("classic_coinche", "none"): "no coinche",
    ("classic_coinche", "coinche"): "the opponents may coinche (x2)",
    ("classic_coinche", "coinche_surcoinche"): "the opponents may coinche (x2), then the takers surcoinche",
}

#: Preset -> one line saying what it is and where it comes from.
_PRESETS: Final[dict[str, dict[str, str]]] = {
    "guinote": {
        "aragones": (
            "The Aragonese game for four (seed 002): sota above caballo, cantes of rey and sota, idas y vueltas, "
            "a coto of three partidas to 101."
        ),
        "clasico": (
            "The classic game (seeds 000/001): caballo above sota, cantes of rey and caballo, one partida to 100."
        ),
        "frances": (
            "Guiñote with a French deck stripped to 40 cards (seed 003): cantes of king and queen, claims at "
            "any time, one partida to 101."
        ),
        "riojano": "Guiñote riojano (001 Variations): the Aragonese game with a tute of four reyes worth 40.",
        "arrastre-temprano": (
            "Arrastre temprano (001 Variations): the classic game with the play duties from the first trick."
        ),
        "aragones-2p": "The Aragonese game for two players (mano a mano).",
        "clasico-2p": "The classic game for two players (mano a mano).",
    },
    "belote": {
        "classique": "Classic Belote (seed 004): two taking rounds on the retourne, a match to 1000.",
        "classique-sa-ta": "Classic Belote, with sans-atout and tout-atout offered in the second taking round.",
        "classique-501": "Classic Belote, the short game to 501.",
        "coinche": (
            "Belote coinchée: an auction from 82 with coinche, sans-atout, tout-atout, capot and générale; a "
            "made contract scores its bid; a match to 2000."
        ),
        "contree": (
            "Belote contrée: an auction from 80 to 160, then capot, with coinche; a made contract scores the "
            "points made plus the bid; a match to 1500."
        ),
        "trois-joueurs": "Belote for three players, each for himself, with 24 cards.",
        "belote-a-deux": (
            "Belote for two players, 9 cards each: the retourne stays out of play and the bergère is shown; a "
            "match to 501."
        ),
        "decouverte": (
            "Belote découverte for two players: 8 cards face up on 8 face down each, no declarations; a match to 501."
        ),
    },
}

#: Everything else ``tapete rules`` says: headings, labels, the summary of a preset.
_OTHER: Final[dict[str, str]] = {
    # ------------------------------------------------------------ the command
    "rules.cmd.help": "print the rules of a preset, every option explained with its source",
    "rules.cmd.description": (
        "Print the rules of a preset of any game in the chosen language: a summary, then every option "
        "grouped by topic, its value in words, what it means and where it comes from. Change options with "
        "--option to see their effect."
    ),
    "rules.opt.game": "the game: {games} (default: the game of --preset, else {default})",
    "rules.opt.preset": "the preset, by game: {presets}",
    "rules.opt.option": "change one rules option, e.g. target=101 (repeatable)",
    "rules.opt.diff": "show only the options that differ from the game's default preset",
    "rules.opt.list": "list the presets of the game, one line each",
    "rules.opt.json": "print the options as JSON (preset and values) instead of text",
    "rules.error.list_with": "--list shows every preset: it takes no {flags}",
    "rules.error.other_game": "{error}; {preset} is a {game} preset: try 'tapete rules {name} --preset {preset}'",
    # ------------------------------------------------------------ headings
    "rules.title": "{game} rules: preset {preset}",
    "rules.title.changed": "{game} rules: preset {preset}, changed: {changes}",
    "rules.diff.title": "{game} rules: what {preset} changes from the default preset {default}",
    "rules.diff.none": "Nothing differs from the default preset {default}.",
    "rules.list.title": "{game} presets (the default is {default})",
    "rules.list.default": "{name} (default)",
    "rules.heading.summary": "In brief",
    "rules.heading.option": "Option",
    "rules.heading.value": "Value",
    "rules.heading.meaning": "What it means",
    "rules.heading.source": "Source",
    "rules.heading.default": "Default ({preset})",
    "rules.option_head": "{label} [{name}]:",
    "rules.source": "Source: {source}",
    "rules.unused": "not used with these rules",
    "rules.preset_value": "{preset}: {value}",
    "rules.value.no_limit": "no limit",
    "rules.value.not_played": "not played",
    "rules.docs": "The full rules, with every source quoted: {path}",
    # ------------------------------------------------------------ summary labels
    "rules.label.players": "Players",
    "rules.label.cards": "Cards",
    "rules.label.deal": "Dealing",
    "rules.label.trumps": "Trumps",
    "rules.label.play": "Playing",
    "rules.label.points": "Scoring",
    "rules.label.contract": "The contract",
    "rules.label.winning": "Winning",
    # ------------------------------------------------------------ topics
    "rules.guinote.topic.deal": "Cards and the deal",
    "rules.guinote.topic.trumps": "The muestra and the 7 of trumps",
    "rules.guinote.topic.play": "Play duties",
    "rules.guinote.topic.cantes": "Cantes and tute",
    "rules.guinote.topic.scoring": "Scoring a deal",
    "rules.guinote.topic.match": "Partida and match",
    "rules.belote.topic.deal": "Players and the deal",
    "rules.belote.topic.trumps": "Choosing trumps",
    "rules.belote.topic.play": "Play duties",
    "rules.belote.topic.declarations": "Declarations and belote",
    "rules.belote.topic.scoring": "Scoring a deal",
    "rules.belote.topic.match": "The match",
    # ------------------------------------------------------------ sources, in one line
    "rules.guinote.sources": (
        "Sources: 000/001 are the classic rules (in Spanish and English), 002 the Aragonese rules, 003 Guiñote "
        "with a French deck, cited by their sections; common practice is the published Aragonese rules "
        "summarised in variants.md; tapete's reading marks a choice where the seeds are silent."
    ),
    "rules.belote.sources": (
        "Sources: 004 is the Belote seed (in Spanish), cited by its headings; FFB the French federation's rules; "
        "E2, E3, F3, JD, LS, PP, A3, HR†, PB†, PG† the published pages listed in docs/rules/belote.md (†: known "
        "second-hand); common practice is the published French rules where 004 is silent; tapete's reading "
        "marks a choice no source decides."
    ),
    # ------------------------------------------------------------ Guiñote summary
    "rules.guinote.summary.players.4": "Four, in two partnerships; partners sit opposite each other.",
    "rules.guinote.summary.players.2": "Two, each for himself (mano a mano).",
    "rules.guinote.summary.cards.sota_high": (
        "The Spanish deck of 40 cards. In every suit, high to low: as, 3, rey, sota, caballo, 7, 6, 5, 4, 2. "
        "The as scores 11, the 3 10, the rey 4, the sota 3 and the caballo 2: 120 points in the deck."
    ),
    "rules.guinote.summary.cards.caballo_high": (
        "The Spanish deck of 40 cards. In every suit, high to low: as, 3, rey, caballo, sota, 7, 6, 5, 4, 2. "
        "The as scores 11, the 3 10, the rey 4, the caballo 3 and the sota 2: 120 points in the deck."
    ),
    "rules.guinote.summary.deal": (
        "Six cards each, dealt {packet} at a time; the player after the dealer receives first and leads the "
        "first trick."
    ),
    "rules.guinote.summary.trumps": (
        "The next card is turned face up under the stock: it is the muestra, and its suit is trumps."
    ),
    "rules.guinote.summary.exchange.own_turn": (
        "The holder of the 7 of trumps may exchange it for the muestra on any of his turns while there is stock."
    ),
    "rules.guinote.summary.exchange.after_team_win": (
        "The holder of the 7 of trumps may exchange it for the muestra after his side wins a trick, before the draw."
    ),
    "rules.guinote.summary.exchange.before_lead": (
        "The holder of the 7 of trumps may exchange it for the muestra after his side wins a trick, once the "
        "cards are drawn and before the next lead; at the last draw, before it."
    ),
    "rules.guinote.summary.exchange.until_next_trick": (
        "The holder of the 7 of trumps may exchange it for the muestra after his side wins a trick, until the "
        "next trick closes."
    ),
    "rules.guinote.summary.exchange.when_leading": (
        "The holder of the 7 of trumps may exchange it for the muestra when he is about to lead."
    ),
    "rules.guinote.summary.exchange.never": "The 7 of trumps may not be exchanged for the muestra.",
    "rules.guinote.summary.play.free": (
        "While there is stock any card may be played, and after each trick every player draws a card, the "
        "winner first. Once the stock is gone (the arrastre) the play duties below apply."
    ),
    "rules.guinote.summary.play.strict": (
        "The play duties below apply from the first trick; after each trick, while there is stock, every "
        "player draws a card, the winner first."
    ),
    "rules.guinote.summary.points": (
        "Each side scores the card points of its tricks, its cantes ({trump} for las cuarenta, in trumps; "
        "{plain} for las veinte, in another suit) and {last} for the last trick (diez de últimas)."
    ),
    "rules.guinote.summary.tute.bonus": "A tute scores {points}.",
    "rules.guinote.summary.tute.wins_partida": "A tute wins the partida at once.",
    "rules.guinote.summary.capote.bonus": "A capote (every trick) scores {points} more.",
    "rules.guinote.summary.capote.wins_match": "A capote (every trick) wins the match.",
    "rules.guinote.summary.target": "The first side to reach {target} points wins the partida.",
    "rules.guinote.summary.idas_vueltas": (
        "The first deal (idas) is played out; if nobody has reached the target, vueltas deals follow."
    ),
    "rules.guinote.summary.match.one": "One partida is the match.",
    "rules.guinote.summary.match.many": "The first side to win {partidas} partidas wins the match (the coto).",
    # ------------------------------------------------------------ Belote summary
    "rules.belote.summary.players.4": "Four, in two partnerships; partners sit opposite each other.",
    "rules.belote.summary.players.3": "Three, each for himself: the taker plays alone against the other two.",
    "rules.belote.summary.players.2": "Two, one against the other.",
    "rules.belote.summary.cards.32": (
        "32 cards, 7 to ace. Trumps rank jack, 9, ace, 10, king, queen, 8, 7 (jack 20 points, 9 14, ace 11, "
        "10 10, king 4, queen 3); the other suits ace, 10, king, queen, jack, 9, 8, 7 (ace 11, 10 10, king 4, "
        "queen 3, jack 2). 152 card points, and {last} for the last trick."
    ),
    "rules.belote.summary.cards.24": (
        "24 cards, 9 to ace (no 7s or 8s). Trumps rank jack, 9, ace, 10, king, queen (jack 20 points, 9 14, "
        "ace 11, 10 10, king 4, queen 3); the other suits ace, 10, king, queen, jack, 9 (ace 11, 10 10, king 4, "
        "queen 3, jack 2). 152 card points, and {last} for the last trick."
    ),
    "rules.belote.summary.deal.taking": (
        "Each player receives {first} cards ({packets}); the next card is turned face up: the retourne. Once "
        "trumps are chosen every hand is completed to {hand} cards."
    ),
    "rules.belote.summary.deal.retourne_taken": "The taker takes the retourne.",
    "rules.belote.summary.deal.retourne_out": "The retourne stays face up, out of play.",
    "rules.belote.summary.deal.bergere": (
        "The bottom card of the undealt pack (the bergère) is shown, for information only."
    ),
    "rules.belote.summary.deal.auction": "Every card is dealt, {hand} to each player, before the bidding.",
    "rules.belote.summary.deal.decouverte": (
        "Each player receives 8 cards face down and 8 face up, one on each; the last card dealt stays in the "
        "dealer's layout."
    ),
    "rules.belote.summary.trumps.taking": (
        "Two taking rounds on the retourne: in the first a player may take its suit as trumps, in the second "
        "name another suit. If everybody passes twice the deal is void and the next dealer deals."
    ),
    "rules.belote.summary.trumps.decouverte": (
        "Two taking rounds on the last card dealt: in the first a player may take its suit as trumps, in the "
        "second name another suit."
    ),
    "rules.belote.summary.trumps.sa_ta": "The second round also offers sans-atout and tout-atout.",
    "rules.belote.summary.trumps.classic_coinche": (
        "Once the deal is completed, an opponent of the taker may coinche before the first card (x2): the side "
        "that wins then scores every point of the deal, doubled."
    ),
    "rules.belote.summary.trumps.classic_coinche_surcoinche": (
        "Once the deal is completed, an opponent of the taker may coinche before the first card (x2), and the "
        "takers may then surcoinche (x{multiplier}): the side that wins scores every point of the deal, "
        "multiplied."
    ),
    "rules.belote.summary.trumps.fixed": "The suit of the last card dealt is trumps: there is no taking and no taker.",
    "rules.belote.summary.trumps.auction": (
        "An auction: bids of {low} to {high} points in steps of {step}, then capot. The highest bid chooses "
        "trumps and the contract."
    ),
    "rules.belote.summary.trumps.generale": "A générale may also be bid.",
    "rules.belote.summary.trumps.auction_sa_ta": "Sans-atout and tout-atout may be bid.",
    "rules.belote.summary.trumps.coinche": (
        "An opponent may coinche the highest bid (x2), and the bidders may then surcoinche (x{multiplier})."
    ),
    "rules.belote.summary.contract.classic.4": (
        "The takers must score strictly more than the defence (cards, declarations and belote); otherwise they "
        "are dedans and the defence scores 162 and every declaration."
    ),
    "rules.belote.summary.contract.classic.3.each": (
        "The taker must score strictly more than each opponent; otherwise he fails and loses his points."
    ),
    "rules.belote.summary.contract.classic.3.combined": (
        "The taker must score strictly more than both opponents together; otherwise he fails and loses his points."
    ),
    "rules.belote.summary.contract.classic.2": (
        "The taker must score strictly more than his opponent; otherwise the opponent scores everything."
    ),
    "rules.belote.summary.contract.held": (
        "An exact tie is a litige: the takers' points are held for the winner of the next deal."
    ),
    "rules.belote.summary.contract.dropped": "An exact tie: the defence scores its points, the takers' are dropped.",
    "rules.belote.summary.contract.contree": (
        "The takers must make at least their bid. Made, each side scores its points and the takers add the "
        "bid; failed, the defence scores 160 plus the bid."
    ),
    "rules.belote.summary.contract.made_points": (
        "The takers must make at least their bid. Made, the takers score the bid and the defence its points; "
        "failed, the defence scores 160 plus the bid."
    ),
    "rules.belote.summary.contract.fixed": "No contract: each player scores the points he takes.",
    "rules.belote.summary.capot": "Taking every trick (capot) counts {points} card points.",
    "rules.belote.summary.target.4": "The first side to reach {target} points wins the match.",
    "rules.belote.summary.target.other": "The first player to reach {target} points wins the match.",
}


#: Game -> preset -> its name as players say it, accents included (the preset's id has none).
_PRESET_TITLES: Final[dict[str, dict[str, str]]] = {
    "guinote": {
        "aragones": "Aragonés",
        "clasico": "Clásico",
        "frances": "Francés (French deck)",
        "riojano": "Riojano",
        "arrastre-temprano": "Arrastre temprano",
        "aragones-2p": "Aragonés, two players",
        "clasico-2p": "Clásico, two players",
    },
    "belote": {
        "classique": "Classique",
        "classique-sa-ta": "Classique with sans-atout and tout-atout",
        "classique-501": "Classique to 501",
        "coinche": "Coinche",
        "contree": "Contrée",
        "trois-joueurs": "Three players",
        "belote-a-deux": "Belote à deux",
        "decouverte": "Découverte",
    },
}


def _build() -> dict[str, str]:
    out = dict(_OTHER)
    for game, options, values in (
        ("guinote", _GUINOTE_OPTIONS, _GUINOTE_VALUES),
        ("belote", _BELOTE_OPTIONS, _BELOTE_VALUES),
    ):
        for option, (name, about, source) in options.items():
            out[f"rules.{game}.{option}.name"] = name
            out[f"rules.{game}.{option}.about"] = about
            out[f"rules.{game}.{option}.source"] = source
        for (option, choice), text in values.items():
            out[f"rules.{game}.{option}.value.{choice}"] = text
        for preset, text in _PRESETS[game].items():
            out[f"rules.{game}.preset.{preset}"] = text
        for preset, text in _PRESET_TITLES[game].items():
            out[f"rules.{game}.preset_title.{preset}"] = text
    return out


MESSAGES: Final[dict[str, str]] = _build()
