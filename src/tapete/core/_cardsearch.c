/*
 * The native core of tapete.core.card_search: the same double-dummy search, in C.
 *
 * card_search.py is the reference and the specification. This file is a line-by-line port
 * of its search (CardSearch.lead, node, _child, _finish, the cantes, the bounds, the move
 * ordering and the transposition table), with the same names, so that a reader can hold
 * the two side by side. It must visit the very same nodes in the same order: the node
 * counts are part of the behaviour (the bots' node budgets), and the tests compare both
 * paths on random positions, values and node counts. The driver above the search (the
 * root's moves, the null-window probes) stays in Python; it calls Engine.probe.
 *
 * Differences that do not change what is searched: cards are bits of a 64-bit mask (at
 * most 64 cards, 4 seats, 4 suits); the table is an open-addressing hash table whose keys
 * are the reference's keys packed into words (the same positions share an entry); it grows
 * as it fills and is cleared at the same count as the reference's dict (its cap).
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>

#define MAXC 64     /* cards in a pack, at most */
#define MAXN 4      /* seats */
#define MAXS 16     /* cards of one suit, at most */
#define KEYW 6      /* 64-bit words of a table key, at most */
#define INF (1 << 20)
#define HISTORY_WEIGHT 10 /* a lead's score per doubling of its history */

typedef uint64_t mask;

static inline int low_card(mask m) { return __builtin_ctzll(m); }
static inline int high_card(mask m) { return 63 - __builtin_clzll(m); }

/* ------------------------------------------------------------------ the engine */

typedef struct {
    PyObject_HEAD
    /* The game: seats, cards, trumps, the trick tables and duties, points, sides. */
    int n, n_cards, trump, last_bonus;
    int suit[MAXC], strength[MAXC], points[MAXC];
    mask higher[MAXC], suit_mask[4];
    int d_follow, d_head_plain, d_head_trumped, d_head_trump, d_trump_void, d_overtrump,
        d_undertrump, d_exempt_head, d_exempt_trump_lead, d_exempt_void, d_overtrump_opponents,
        d_exempt_void_beat;
    int side[MAXN];
    int suit_orders[4][MAXS], n_suit[4];       /* each suit, weakest first */
    int rank[MAXC];                            /* a card's place in suit_orders */
    uint16_t *canonical[4];                    /* per suit: a set of its cards -> the key's set */
    int owner_bits;                            /* bits of a seat in the key */
    /* Guiñote's cantes in the arrastre. */
    int cantes_on, sung, tute_mode, tute_points, cante_limit, team_sing;
    mask pair[4], reyes, tute_alt;
    int pair_points[4];
    /* The position. */
    mask hands[MAXN];
    int under[MAXC], has_under;
    int trick[MAXN], trick_len, trick_leader, trick_best, trick_best_seat;
    int leaders[MAXC + 2], n_leaders;
    int rem;
    mask live;
    unsigned live_rank[4]; /* per suit, the cards in play by rank: bit i for suit_orders[s][i] */
    /* Move ordering at the leads: per cards left and seat, the last lead that cut off (killer);
     * per seat and card, how much its cutoffs weighed (history). */
    int left;
    int killer[MAXC + 1][MAXN];
    long long history[MAXN][MAXC];
    /* Counting. */
    long long nodes, max_nodes;
    int limit_hit;
    /* The transposition table: slots of key_words words of key and one of entry. */
    int key_words;
    uint64_t *slots;
    size_t n_slots, count, cap, max_slots;
} Engine;

/* ------------------------------------------------------------------ the table */

/* A slot is one entry word, whose top bit marks the slot used, then key_words words of key:
 * one probe touches one place in memory. */
#define USED ((uint64_t)1 << 63)

static inline uint64_t key_hash(const uint64_t *key, int w) {
    uint64_t h = 0x9E3779B97F4A7C15ULL;
    for (int i = 0; i < w; i++) {
        h ^= key[i];
        h *= 0xBF58476D1CE4E5B9ULL;
        h ^= h >> 31;
    }
    return h;
}

static inline int same_key(const uint64_t *a, const uint64_t *b, int w) {
    for (int i = 0; i < w; i++)
        if (a[i] != b[i])
            return 0;
    return 1;
}

/* The slot holding ``key``, or the empty slot where it would go. */
static size_t tt_find(Engine *e, const uint64_t *key) {
    size_t stride = (size_t)e->key_words + 1;
    size_t last = e->n_slots - 1;
    size_t i = key_hash(key, e->key_words) & last;
    for (;;) {
        const uint64_t *slot = e->slots + i * stride;
        if (!(slot[0] & USED) || same_key(slot + 1, key, e->key_words))
            return i;
        i = (i + 1) & last;
    }
}

static int tt_alloc(Engine *e, size_t n_slots) {
    uint64_t *slots = PyMem_RawCalloc(n_slots * ((size_t)e->key_words + 1), sizeof(uint64_t));
    if (!slots)
        return -1;
    e->slots = slots;
    e->n_slots = n_slots;
    return 0;
}

/* Double the table, keeping its entries (while it is smaller than its cap needs). */
static int tt_grow(Engine *e) {
    uint64_t *old = e->slots;
    size_t old_n = e->n_slots, stride = (size_t)e->key_words + 1;
    if (tt_alloc(e, old_n * 2) < 0) {
        e->slots = old;
        e->n_slots = old_n;
        return -1;
    }
    for (size_t i = 0; i < old_n; i++) {
        if (!(old[i * stride] & USED))
            continue;
        size_t j = tt_find(e, old + i * stride + 1);
        memcpy(e->slots + j * stride, old + i * stride, sizeof(uint64_t) * stride);
    }
    PyMem_RawFree(old);
    return 0;
}

/* The entry stored for ``key``, or -1 (``tt.get(key, -1)``). */
static inline int64_t tt_get(Engine *e, const uint64_t *key) {
    uint64_t word = e->slots[tt_find(e, key) * ((size_t)e->key_words + 1)];
    return word & USED ? (int64_t)(word & ~USED) : -1;
}

/* ``if len(tt) >= cap: tt.clear()`` then ``tt[key] = entry`` (entries are never negative). */
static void tt_put(Engine *e, const uint64_t *key, int64_t entry) {
    size_t stride = (size_t)e->key_words + 1;
    if (e->count >= e->cap) {
        memset(e->slots, 0, sizeof(uint64_t) * stride * e->n_slots);
        e->count = 0;
    }
    size_t i = tt_find(e, key);
    uint64_t *slot = e->slots + i * stride;
    if (!(slot[0] & USED)) {
        if ((e->count + 1) * 3 > e->n_slots * 2 && e->n_slots < e->max_slots && tt_grow(e) == 0)
            slot = e->slots + tt_find(e, key) * stride;
        e->count++;
        memcpy(slot + 1, key, sizeof(uint64_t) * (size_t)e->key_words);
    }
    slot[0] = (uint64_t)entry | USED;
}

/* ------------------------------------------------------------------ legal cards (tricks.legal_mask) */

static int opponents_best(Engine *e, int suit) {
    if (suit < 0)
        suit = e->suit[e->trick[0]];
    int best = -1;
    for (int i = e->trick_len - 1; i >= 0; i -= 2) {
        int c = e->trick[i];
        if (e->suit[c] == suit && (best < 0 || e->strength[c] > e->strength[best]))
            best = c;
    }
    return best;
}

static mask legal_mask(Engine *e, mask hand, int best, int partner_winning) {
    int led = e->suit[e->trick[0]];
    int trump = e->trump;
    if (!e->d_follow)
        return hand;
    mask suited = hand & e->suit_mask[led];
    if (suited) {
        if (led == trump) {
            if (e->d_head_trump && !(partner_winning && e->d_exempt_trump_lead)) {
                if (partner_winning && e->d_overtrump_opponents) {
                    best = opponents_best(e, -1);
                    if (best < 0)
                        return suited;
                }
                mask higher = suited & e->higher[best];
                if (higher)
                    return higher;
            }
            return suited;
        }
        if (e->d_head_plain && !(partner_winning && e->d_exempt_head)) {
            if (e->suit[best] == led) {
                mask higher = suited & e->higher[best];
                if (higher)
                    return higher;
            } else if (e->d_head_trumped) {
                int top = e->trick[0];
                for (int i = 0; i < e->trick_len; i++) {
                    int c = e->trick[i];
                    if (e->suit[c] == led && e->strength[c] > e->strength[top])
                        top = c;
                }
                mask higher = suited & e->higher[top];
                if (higher)
                    return higher;
            }
        }
        return suited;
    }
    if (trump < 0 || !e->d_trump_void || (partner_winning && e->d_exempt_void)) {
        if (partner_winning && e->d_exempt_void_beat && trump >= 0 && e->suit[best] == trump) {
            mask trumps = hand & e->suit_mask[trump];
            mask higher = trumps & e->higher[best];
            if (higher)
                return (hand ^ trumps) | higher;
        }
        return hand;
    }
    mask trumps = hand & e->suit_mask[trump];
    if (!trumps)
        return hand;
    if (e->suit[best] == trump && e->d_overtrump) {
        if (partner_winning && e->d_overtrump_opponents) {
            best = opponents_best(e, trump);
            if (best < 0)
                return trumps;
        }
        mask higher = trumps & e->higher[best];
        if (higher)
            return higher;
        if (e->d_undertrump)
            return trumps;
        return hand;
    }
    return trumps;
}

/* ------------------------------------------------------------------ helpers */

static int mask_points(Engine *e, mask m) {
    int total = 0;
    while (m) {
        total += e->points[low_card(m)];
        m &= m - 1;
    }
    return total;
}

static mask compute_live(Engine *e) {
    mask m = 0;
    for (int p = 0; p < e->n; p++)
        m |= e->hands[p];
    for (int i = 0; i < e->trick_len; i++)
        m |= (mask)1 << e->trick[i];
    if (e->has_under)
        for (int c = 0; c < e->n_cards; c++)
            if (e->under[c] >= 0)
                m |= (mask)1 << e->under[c];
    return m;
}

static int has_tute(Engine *e, mask hand) {
    return (hand & e->reyes) == e->reyes || (e->tute_alt != 0 && (hand & e->tute_alt) == e->tute_alt);
}

static int cante_potential(Engine *e) {
    if (!e->cantes_on)
        return 0;
    int total = 0;
    for (int seat = 0; seat < e->n; seat++) {
        if (!e->side[seat])
            continue;
        mask hand = e->hands[seat];
        for (int s = 0; s < 4; s++)
            if (!((e->sung >> s) & 1) && (hand & e->pair[s]) == e->pair[s])
                total += e->pair_points[s];
        if (e->tute_mode == 1 && !(e->sung & 16) && has_tute(e, hand))
            total += e->tute_points;
    }
    return total;
}

static int upper_bound(Engine *e) { return e->rem + e->last_bonus + cante_potential(e); }

static mask legal(Engine *e, int seat, int k, int best) {
    mask hand = e->hands[seat];
    if (k == 0)
        return hand;
    int partner = e->n == 4 && ((e->trick_best_seat ^ seat) & 1) == 0;
    return legal_mask(e, hand, best, partner);
}

/* The card just below ``c`` in its suit among the cards in play when it is playable too and worth
 * the same, else -1 (the reference's _lower_twin, which walks ``below``: the cards of the suit
 * below ``c``, strongest first, are the lower ranks of suit_orders). */
static int lower_twin(Engine *e, int c, mask legal_cards) {
    int s = e->suit[c];
    unsigned lower = e->live_rank[s] & ((1u << e->rank[c]) - 1);
    if (!lower)
        return -1;
    int d = e->suit_orders[s][31 - __builtin_clz(lower)];
    if ((legal_cards >> d) & 1 && e->points[d] == e->points[c]) {
        if (e->has_under && (e->under[c] >= 0 || e->under[d] >= 0))
            return -1;
        return d;
    }
    return -1;
}

/* Cards ``m`` leave play (or, ``m`` again, come back). */
static inline void toggle_live(Engine *e, mask m) {
    e->live ^= m;
    while (m) {
        int c = low_card(m);
        e->live_rank[e->suit[c]] ^= 1u << e->rank[c];
        m &= m - 1;
    }
}

/* The cards to try, best guess first, one per class of equivalent cards; their number. */
static int ordered(Engine *e, int seat, int k, mask legal_cards, int best, int best_seat, int tt_move, int *out) {
    mask live = e->live;
    int last = k == e->n - 1;
    int keys[MAXC];
    int count = 0;
    mask m = legal_cards;
    while (m) {
        int c = low_card(m);
        m &= m - 1;
        if (lower_twin(e, c, legal_cards) >= 0)
            continue;
        int score;
        if (c == tt_move) {
            score = 1000;
        } else if (k == 0) {
            int master = (e->higher[c] & live) == 0;
            score = master ? 300 + e->points[c] + e->strength[c] : 200 - e->points[c] - e->strength[c];
            int doublings = 0; /* min(bit_length, 20) */
            for (long long h = e->history[seat][c]; h > 0 && doublings < 20; h >>= 1)
                doublings++;
            score += HISTORY_WEIGHT * doublings;
        } else {
            int cs = e->suit[c];
            int wins = cs == e->suit[best] ? e->strength[c] > e->strength[best] : cs == e->trump;
            int friend_ = e->side[best_seat] == e->side[seat];
            if (friend_ && !wins)
                score = last ? 300 + e->points[c] : 200 - e->strength[c];
            else if (wins)
                score = last ? 400 + e->points[c] : 300 - e->strength[c] + e->points[c];
            else
                score = 100 - e->points[c];
        }
        /* Insert keeping keys in decreasing order (keys are distinct: the card is in them). */
        int key = score * 64 + c;
        int i = count++;
        while (i > 0 && keys[i - 1] < key) {
            keys[i] = keys[i - 1];
            i--;
        }
        keys[i] = key;
    }
    for (int i = 0; i < count; i++)
        out[i] = keys[i] & 63;
    return count;
}

/* ------------------------------------------------------------------ keys */

/* Leader, cantes sung and every hand, card by card (the reference's _exact_key, for découverte:
 * the low bit 1 marks this kind of key). */
static void exact_key(Engine *e, int leader, uint64_t *key) {
    memset(key, 0, sizeof(uint64_t) * (size_t)e->key_words);
    key[0] = 1 | ((uint64_t)leader << 1) | ((uint64_t)e->sung << 4);
    for (int p = 0; p < e->n; p++) {
        mask m = e->hands[p];
        while (m) {
            int at = p * e->n_cards + low_card(m);
            key[1 + at / 64] |= (uint64_t)1 << (at % 64);
            m &= m - 1;
        }
    }
}

/* The seat holding card ``c`` (it is in a hand). */
static inline int owner_of(Engine *e, int c) {
    int owner = 0;
    for (int p = 1; p < e->n; p++)
        owner += p * (int)((e->hands[p] >> c) & 1);
    return owner;
}

/* Append the ``width`` low bits of ``value`` to the key at bit ``*at``. */
static inline void put_bits(uint64_t *key, int *at, uint64_t value, int width) {
    int word = *at >> 6, bit = *at & 63;
    key[word] |= value << bit;
    if (bit + width > 64)
        key[word + 1] |= value >> (64 - bit);
    *at += width;
}

/* The canonical set of a suit's cards in play: ``set`` has bit i for the i-th weakest card of
 * suit ``s``; each card, weakest first, moves down to the weakest card worth the same points
 * above the one chosen before it. Sets with the same points in the same order (the reference
 * key's points of a suit) have the same canonical set, and only they. */
static unsigned canonical_set(Engine *e, int s, unsigned set) {
    unsigned out = 0;
    int prev = -1;
    for (int i = 0; i < e->n_suit[s]; i++) {
        if (!((set >> i) & 1))
            continue;
        int p = e->points[e->suit_orders[s][i]];
        int j = prev + 1;
        while (e->points[e->suit_orders[s][j]] != p)
            j++;
        out |= 1u << j;
        prev = j;
    }
    return out;
}

/* The reference's _key, packed: leader and cantes sung (9 bits, the low one 0 for this kind of
 * key), then per suit its canonical set of cards in play and the seat holding each of them,
 * weakest first. Two positions share a key exactly when the reference's keys are equal: the
 * same leader and cantes and, suit by suit, the same (owner, points) of the cards in play. */
static void rank_key(Engine *e, int leader, uint64_t *key) {
    if (e->has_under) {
        exact_key(e, leader, key);
        return;
    }
    memset(key, 0, sizeof(uint64_t) * (size_t)e->key_words);
    int at = 0;
    put_bits(key, &at, ((uint64_t)leader << 1) | ((uint64_t)e->sung << 4), 9);
    int ob = e->owner_bits;
    for (int s = 0; s < 4; s++) {
        unsigned set = e->live_rank[s];
        uint64_t owners = 0;
        int held = 0;
        for (unsigned m = set; m; m &= m - 1) {
            owners |= (uint64_t)owner_of(e, e->suit_orders[s][__builtin_ctz(m)]) << (held * ob);
            held++;
        }
        unsigned canon = e->canonical[s] ? e->canonical[s][set] : canonical_set(e, s, set);
        put_bits(key, &at, canon, e->n_suit[s]);
        put_bits(key, &at, owners, held * ob);
    }
}

/* ------------------------------------------------------------------ the search */

static int lead(Engine *e, int seat, int alpha, int beta);
static int node(Engine *e, int k, int seat, int best, int best_seat, int tpts, int alpha, int beta);
static int child(Engine *e, int c, int k, int seat, int best, int best_seat, int tpts, int alpha, int beta);
static int sing(Engine *e, int w, int seat, int stage, int alpha, int beta);

/* Points sure to go to one side: the run of top trumps one side holds. mine | theirs << 12. */
static int sure(Engine *e) {
    int mine = 0, theirs = 0, run = -1;
    if (e->trump < 0)
        return 0;
    for (unsigned m = e->live_rank[e->trump]; m;) {
        int top = 31 - __builtin_clz(m);
        m ^= 1u << top;
        int c = e->suit_orders[e->trump][top];
        if (!((e->hands[0] >> c) & 1) && owner_of(e, c) == 0)
            break; /* in play but in no hand: on the table */
        int s = e->side[owner_of(e, c)] ? 1 : 0;
        if (run < 0)
            run = s;
        else if (s != run)
            break;
        if (s)
            mine += e->points[c];
        else
            theirs += e->points[c];
    }
    return mine | (theirs << 12);
}

static int last_trick(Engine *e, int seat) {
    e->nodes++;
    int n = e->n;
    int best = high_card(e->hands[seat]);
    int w = seat;
    int total = e->points[best] + e->last_bonus;
    for (int i = 1; i < n; i++) {
        int p = (seat + i) % n;
        int c = high_card(e->hands[p]);
        total += e->points[c];
        int cs = e->suit[c];
        if (cs == e->suit[best] ? e->strength[c] > e->strength[best] : cs == e->trump) {
            best = c;
            w = p;
        }
    }
    return e->side[w] ? total : 0;
}

static int lead(Engine *e, int seat, int alpha, int beta) {
    mask hand = e->hands[seat];
    if (hand == 0)
        return 0;
    if ((hand & (hand - 1)) == 0 && !e->has_under)
        return last_trick(e, seat);
    int sure_pts = sure(e);
    int ub = upper_bound(e) - (sure_pts >> 12);
    if (ub <= alpha)
        return ub;
    int lb = sure_pts & 4095;
    if (lb >= beta)
        return lb;
    uint64_t key[KEYW];
    rank_key(e, seat, key);
    int64_t entry = tt_get(e, key);
    int tt_move = -1;
    int64_t lo = lb, hi = ub;
    if (entry >= 0) {
        lo = entry & 4095;
        hi = (entry >> 12) & 4095;
        tt_move = (int)((entry >> 24) - 1);
        if (lo >= beta)
            return (int)lo;
        if (hi <= alpha)
            return (int)hi;
        if (lo == hi)
            return (int)lo;
    }
    int a0 = alpha > lo ? alpha : (int)lo;
    int b0 = beta < hi ? beta : (int)hi;
    int a = a0, b = b0;
    e->nodes++;
    if (e->max_nodes && e->nodes > e->max_nodes) {
        e->limit_hit = 1;
        return 0;
    }
    if (tt_move >= 0 && !((hand >> tt_move) & 1))
        tt_move = -1;
    if (tt_move < 0) {
        int killer = e->killer[e->left][seat];
        if (killer >= 0 && ((hand >> killer) & 1))
            tt_move = killer;
    }
    int moves[MAXC];
    int count = ordered(e, seat, 0, hand, -1, seat, tt_move, moves);
    int maxing = e->side[seat];
    int v = maxing ? -INF : INF;
    int best_move = -1;
    for (int i = 0; i < count; i++) {
        int c = moves[i];
        int r = child(e, c, 0, seat, -1, seat, 0, a, b);
        if (e->limit_hit)
            return 0;
        if (maxing) {
            if (r > v) {
                v = r;
                best_move = c;
                if (v > a) {
                    a = v;
                    if (a >= b)
                        break;
                }
            }
        } else if (r < v) {
            v = r;
            best_move = c;
            if (v < b) {
                b = v;
                if (a >= b)
                    break;
            }
        }
    }
    if (v <= a0)
        hi = v < hi ? v : hi;
    else if (v >= b0)
        lo = v > lo ? v : lo;
    else
        lo = hi = v;
    if (maxing ? v >= b0 : v <= a0) {
        e->killer[e->left][seat] = best_move;
        e->history[seat][best_move] += (long long)e->left * e->left;
    }
    if ((maxing ? v <= a0 : v >= b0) && tt_move >= 0)
        best_move = tt_move; /* every move failed: the move tried first stays the table's move */
    tt_put(e, key, lo | (hi << 12) | ((int64_t)(best_move + 1) << 24));
    return v;
}

static int node(Engine *e, int k, int seat, int best, int best_seat, int tpts, int alpha, int beta) {
    if (!e->cantes_on) {
        int ub = tpts + e->rem + e->last_bonus;
        if (ub <= alpha)
            return ub;
    }
    if (beta <= 0)
        return 0;
    e->nodes++;
    mask legal_cards = legal(e, seat, k, best);
    int moves[MAXC];
    int count = ordered(e, seat, k, legal_cards, best, best_seat, -1, moves);
    int maxing = e->side[seat];
    int v = maxing ? -INF : INF;
    for (int i = 0; i < count; i++) {
        int r = child(e, moves[i], k, seat, best, best_seat, tpts, alpha, beta);
        if (e->limit_hit)
            return 0;
        if (maxing) {
            if (r > v) {
                v = r;
                if (v > alpha) {
                    alpha = v;
                    if (alpha >= beta)
                        break;
                }
            }
        } else if (r < v) {
            v = r;
            if (v < beta) {
                beta = v;
                if (alpha >= beta)
                    break;
            }
        }
    }
    return v;
}

/* Découverte: turn up (or, undoing, put back) the cards under the trick's cards. */
static int reveal(Engine *e) {
    int n = e->n, count = 0;
    int leader = e->leaders[e->n_leaders - 1];
    for (int j = 0; j < n; j++) {
        int u = e->under[e->trick[j]];
        if (u >= 0) {
            e->hands[(leader + j) % n] |= (mask)1 << u;
            count++;
        }
    }
    return count;
}

static void hide(Engine *e) {
    int n = e->n;
    int leader = e->leaders[e->n_leaders - 1];
    for (int j = 0; j < n; j++) {
        int u = e->under[e->trick[j]];
        if (u >= 0)
            e->hands[(leader + j) % n] ^= (mask)1 << u;
    }
}

static int window(Engine *e, int w, int alpha, int beta) {
    if (e->team_sing)
        return sing(e, w, (w + 2) % 4, 0, alpha, beta);
    return sing(e, w, w, 1, alpha, beta);
}

static int finish(Engine *e, int w, int tpts, int alpha, int beta) {
    int revealed = 0;
    if (e->has_under)
        revealed = reveal(e);
    int done = e->hands[w] == 0;
    if (done)
        tpts += e->last_bonus;
    int mine = e->side[w] ? tpts : 0;
    int full[MAXN], full_len = e->trick_len;
    memcpy(full, e->trick, sizeof(int) * (size_t)full_len);
    e->trick_len = 0;
    mask gone = 0;
    for (int i = 0; i < full_len; i++)
        gone |= (mask)1 << full[i];
    toggle_live(e, gone);
    int r;
    if (done)
        r = 0;
    else if (e->cantes_on)
        r = window(e, w, alpha - mine, beta - mine);
    else
        r = lead(e, w, alpha - mine, beta - mine);
    memcpy(e->trick, full, sizeof(int) * (size_t)full_len);
    e->trick_len = full_len;
    toggle_live(e, gone);
    if (revealed)
        hide(e);
    return mine + r;
}

static int child(Engine *e, int c, int k, int seat, int best, int best_seat, int tpts, int alpha, int beta) {
    mask bit = (mask)1 << c;
    e->hands[seat] ^= bit;
    e->left--;
    int p = e->points[c];
    e->rem -= p;
    tpts += p;
    if (k == 0) {
        best = c;
        best_seat = seat;
    } else {
        int cs = e->suit[c];
        if (cs == e->suit[best] ? e->strength[c] > e->strength[best] : cs == e->trump) {
            best = c;
            best_seat = seat;
        }
    }
    int saved_bs = e->trick_best_seat;
    e->trick_best_seat = best_seat;
    e->trick[e->trick_len++] = c;
    if (k == 0)
        e->leaders[e->n_leaders++] = seat;
    int r;
    if (k + 1 < e->n) {
        int nxt = seat + 1;
        if (nxt == e->n)
            nxt = 0;
        r = node(e, k + 1, nxt, best, best_seat, tpts, alpha, beta);
    } else {
        r = finish(e, best_seat, tpts, alpha, beta);
    }
    if (k == 0)
        e->n_leaders--;
    e->trick_len--;
    e->trick_best_seat = saved_bs;
    e->rem += p;
    e->hands[seat] ^= bit;
    e->left++;
    return r;
}

/* ------------------------------------------------------------------ cantes */

/* Suits (0-3) and tute (4) ``seat`` may sing now, most points first; their number. */
static int sing_options(Engine *e, int seat, int *out) {
    mask hand = e->hands[seat];
    int count = 0;
    if (!(hand & (e->reyes | e->tute_alt)))
        return 0;
    int sung = e->sung;
    if (e->tute_mode && !(sung & 16) && has_tute(e, hand))
        out[count++] = 4;
    for (int s = 0; s < 4; s++)
        if (!((sung >> s) & 1) && (hand & e->pair[s]) == e->pair[s])
            out[count++] = s;
    return count;
}

static int sing_these(Engine *e, const int *options, int n_options, int w, int nxt_seat, int stage, int alpha,
                      int beta) {
    int gained = 0;
    int saved = e->sung;
    for (int i = 0; i < n_options; i++) {
        int o = options[i];
        gained += o == 4 ? e->tute_points : e->pair_points[o];
        e->sung |= o == 4 ? 16 : 1 << o;
    }
    int r = gained + sing(e, w, nxt_seat, stage + 1, alpha - gained, beta - gained);
    e->sung = saved;
    return r;
}

static int sing(Engine *e, int w, int seat, int stage, int alpha, int beta) {
    if (stage == 2)
        return lead(e, w, alpha, beta);
    int nxt_seat = w;
    int options[5];
    int n_options = sing_options(e, seat, options);
    if (n_options == 0)
        return sing(e, w, nxt_seat, stage + 1, alpha, beta);
    int has_tute_option = 0;
    for (int i = 0; i < n_options; i++)
        has_tute_option |= options[i] == 4;
    int mine = e->side[seat];
    if (has_tute_option && e->tute_mode == 2)
        return mine ? upper_bound(e) : 0;
    int limit = e->cante_limit;
    if (!mine) {
        if (!has_tute_option)
            return sing(e, w, nxt_seat, stage + 1, alpha, beta);
        int v = sing(e, w, nxt_seat, stage + 1, alpha, beta);
        if (e->limit_hit)
            return 0;
        if (v <= alpha)
            return v;
        e->sung |= 16;
        int r = sing(e, w, nxt_seat, stage + 1, alpha, v < beta ? v : beta);
        e->sung ^= 16;
        return r < v ? r : v;
    }
    if (limit == 0 || n_options <= limit)
        return sing_these(e, options, n_options, w, nxt_seat, stage, alpha, beta);
    /* Every choice of ``limit`` options, in lexicographic order (the reference's _combinations). */
    int v = -INF;
    int idx[5], combo[5];
    for (int i = 0; i < limit; i++)
        idx[i] = i;
    for (;;) {
        for (int i = 0; i < limit; i++)
            combo[i] = options[idx[i]];
        int r = sing_these(e, combo, limit, w, nxt_seat, stage, alpha, beta);
        if (e->limit_hit)
            return 0;
        if (r > v) {
            v = r;
            if (v > alpha) {
                alpha = v;
                if (alpha >= beta)
                    break;
            }
        }
        int i = limit - 1;
        while (i >= 0 && idx[i] == n_options - limit + i)
            i--;
        if (i < 0)
            break;
        idx[i]++;
        for (int j = i + 1; j < limit; j++)
            idx[j] = idx[j - 1] + 1;
    }
    return v;
}

/* ------------------------------------------------------------------ Python glue */

static int read_ints(PyObject *seq, int *out, int n, const char *what) {
    PyObject *fast = PySequence_Fast(seq, what);
    if (!fast)
        return -1;
    if (PySequence_Fast_GET_SIZE(fast) != n) {
        Py_DECREF(fast);
        PyErr_Format(PyExc_ValueError, "%s: expected %d numbers", what, n);
        return -1;
    }
    for (int i = 0; i < n; i++) {
        long v = PyLong_AsLong(PySequence_Fast_GET_ITEM(fast, i));
        if (v == -1 && PyErr_Occurred()) {
            Py_DECREF(fast);
            return -1;
        }
        out[i] = (int)v;
    }
    Py_DECREF(fast);
    return 0;
}

static int read_masks(PyObject *seq, mask *out, int n, const char *what) {
    PyObject *fast = PySequence_Fast(seq, what);
    if (!fast)
        return -1;
    if (PySequence_Fast_GET_SIZE(fast) != n) {
        Py_DECREF(fast);
        PyErr_Format(PyExc_ValueError, "%s: expected %d masks", what, n);
        return -1;
    }
    for (int i = 0; i < n; i++) {
        unsigned long long v = PyLong_AsUnsignedLongLong(PySequence_Fast_GET_ITEM(fast, i));
        if (v == (unsigned long long)-1 && PyErr_Occurred()) {
            Py_DECREF(fast);
            return -1;
        }
        out[i] = (mask)v;
    }
    Py_DECREF(fast);
    return 0;
}

static void Engine_dealloc(Engine *e) {
    PyMem_RawFree(e->slots);
    for (int s = 0; s < 4; s++)
        PyMem_RawFree(e->canonical[s]);
    Py_TYPE(e)->tp_free((PyObject *)e);
}

/* Engine(n, n_cards, trump, suit, strength, higher, duties, points, side, last_bonus, tt_cap) */
static int Engine_init(Engine *e, PyObject *args, PyObject *kwds) {
    (void)kwds;
    PyObject *suit, *strength, *higher, *duties, *points, *side;
    long long cap;
    if (!PyArg_ParseTuple(args, "iiiOOOOOOiL", &e->n, &e->n_cards, &e->trump, &suit, &strength, &higher, &duties,
                          &points, &side, &e->last_bonus, &cap))
        return -1;
    if (e->n < 2 || e->n > MAXN || e->n_cards < 1 || e->n_cards > MAXC || e->trump >= 4 || cap < 1) {
        PyErr_SetString(PyExc_ValueError, "Engine: 2-4 seats, 1-64 cards, trump -1..3 and a positive cap");
        return -1;
    }
    int n = e->n, nc = e->n_cards, d[12];
    if (read_ints(suit, e->suit, nc, "suit") < 0 || read_ints(strength, e->strength, nc, "strength") < 0 ||
        read_masks(higher, e->higher, nc, "higher") < 0 || read_ints(duties, d, 12, "duties") < 0 ||
        read_ints(points, e->points, nc, "points") < 0 || read_ints(side, e->side, n, "side") < 0)
        return -1;
    e->d_follow = d[0];
    e->d_head_plain = d[1];
    e->d_head_trumped = d[2];
    e->d_head_trump = d[3];
    e->d_trump_void = d[4];
    e->d_overtrump = d[5];
    e->d_undertrump = d[6];
    e->d_exempt_head = d[7];
    e->d_exempt_trump_lead = d[8];
    e->d_exempt_void = d[9];
    e->d_overtrump_opponents = d[10];
    e->d_exempt_void_beat = d[11];
    memset(e->suit_mask, 0, sizeof e->suit_mask);
    memset(e->n_suit, 0, sizeof e->n_suit);
    for (int c = 0; c < nc; c++) {
        if (e->suit[c] < 0 || e->suit[c] >= 4 || e->points[c] < 0 || e->points[c] >= 32) {
            PyErr_SetString(PyExc_ValueError, "Engine: suits 0-3 and points 0-31");
            return -1;
        }
        e->suit_mask[e->suit[c]] |= (mask)1 << c;
    }
    /* Each suit, weakest first, and each card's rank in it. The strengths within a suit must
     * differ (card_search.py checks it before building an engine): then the cards of a suit below
     * a card, strongest first (the reference's ``below``), are the lower ranks from the top down,
     * and the trumps strongest first (its ``trump_order``) the trump ranks from the top down. */
    for (int s = 0; s < 4; s++) {
        int cnt = 0;
        for (int c = 0; c < nc; c++) {
            if (e->suit[c] != s)
                continue;
            if (cnt == MAXS) {
                PyErr_SetString(PyExc_ValueError, "Engine: at most 16 cards a suit");
                return -1;
            }
            int i = cnt++;
            while (i > 0 && e->strength[e->suit_orders[s][i - 1]] > e->strength[c]) {
                e->suit_orders[s][i] = e->suit_orders[s][i - 1];
                i--;
            }
            e->suit_orders[s][i] = c;
        }
        e->n_suit[s] = cnt;
        for (int i = 0; i < cnt; i++) {
            e->rank[e->suit_orders[s][i]] = i;
            if (i > 0 && e->strength[e->suit_orders[s][i]] == e->strength[e->suit_orders[s][i - 1]]) {
                PyErr_SetString(PyExc_ValueError, "Engine: two cards of a suit are equally strong");
                return -1;
            }
        }
    }
    /* Key words: 9 bits of head, then per suit a bit a card (its canonical set) and a seat for each
     * card in play; the exact key (découverte) needs a word and n hands. The canonical sets come
     * from a table for suits of up to 12 cards. */
    e->owner_bits = n <= 2 ? 1 : 2;
    int bits = 9;
    for (int s = 0; s < 4; s++) {
        bits += e->n_suit[s] * (1 + e->owner_bits);
        PyMem_RawFree(e->canonical[s]);
        e->canonical[s] = NULL;
        if (e->n_suit[s] <= 12) {
            unsigned size = 1u << e->n_suit[s];
            e->canonical[s] = PyMem_RawMalloc(size * sizeof(uint16_t));
            if (!e->canonical[s]) {
                PyErr_NoMemory();
                return -1;
            }
            for (unsigned set = 0; set < size; set++)
                e->canonical[s][set] = (uint16_t)canonical_set(e, s, set);
        }
    }
    int words = (bits + 63) / 64;
    int exact_words = 1 + (n * nc + 63) / 64;
    if (words < exact_words)
        words = exact_words;
    if (words > KEYW) {
        PyErr_SetString(PyExc_ValueError, "Engine: the table key needs too many words");
        return -1;
    }
    e->key_words = words;
    e->cap = (size_t)cap;
    e->max_slots = 64; /* room for the cap at a load of 2/3 */
    while (e->max_slots * 2 < e->cap * 3 + 3)
        e->max_slots *= 2;
    PyMem_RawFree(e->slots);
    e->slots = NULL;
    e->count = 0;
    if (tt_alloc(e, 64) < 0) {
        PyErr_NoMemory();
        return -1;
    }
    e->cantes_on = 0;
    e->sung = 0;
    e->nodes = 0;
    e->max_nodes = 0;
    e->limit_hit = 0;
    return 0;
}

static PyObject *Engine_set_cantes(Engine *e, PyObject *args) {
    PyObject *pair, *pair_points;
    unsigned long long reyes, tute_alt;
    if (!PyArg_ParseTuple(args, "OOKKiiip", &pair, &pair_points, &reyes, &tute_alt, &e->tute_mode, &e->tute_points,
                          &e->cante_limit, &e->team_sing))
        return NULL;
    if (read_masks(pair, e->pair, 4, "pair") < 0 || read_ints(pair_points, e->pair_points, 4, "pair_points") < 0)
        return NULL;
    if (e->cante_limit < 0 || e->cante_limit > 5) {
        PyErr_SetString(PyExc_ValueError, "set_cantes: a limit of 0-5 cantes");
        return NULL;
    }
    e->reyes = (mask)reyes;
    e->tute_alt = (mask)tute_alt;
    e->cantes_on = 1;
    Py_RETURN_NONE;
}

/* load(hands, trick, leader, best, best_seat, sung, under) */
static PyObject *Engine_load(Engine *e, PyObject *args) {
    PyObject *hands, *trick, *under;
    int leader, best, best_seat, sung;
    if (!PyArg_ParseTuple(args, "OOiiiiO", &hands, &trick, &leader, &best, &best_seat, &sung, &under))
        return NULL;
    Py_ssize_t k = PySequence_Size(trick);
    if (k < 0)
        return NULL;
    if (k >= e->n || leader < 0 || leader >= e->n) {
        PyErr_SetString(PyExc_ValueError, "load: a trick of fewer cards than seats and a seat to lead");
        return NULL;
    }
    if (read_masks(hands, e->hands, e->n, "hands") < 0 || read_ints(trick, e->trick, (int)k, "trick") < 0 ||
        read_ints(under, e->under, e->n_cards, "under") < 0)
        return NULL;
    e->trick_len = (int)k;
    e->trick_leader = leader;
    e->leaders[0] = leader;
    e->n_leaders = 1;
    e->trick_best = best;
    e->trick_best_seat = best_seat;
    e->sung = sung;
    e->has_under = 0;
    int rem = 0;
    for (int p = 0; p < e->n; p++)
        rem += mask_points(e, e->hands[p]);
    for (int c = 0; c < e->n_cards; c++) {
        if (e->under[c] >= 0) {
            e->has_under = 1;
            rem += e->points[e->under[c]];
        }
    }
    e->rem = rem;
    e->live = compute_live(e);
    for (int s = 0; s < 4; s++) {
        e->live_rank[s] = 0;
        for (int i = 0; i < e->n_suit[s]; i++)
            if ((e->live >> e->suit_orders[s][i]) & 1)
                e->live_rank[s] |= 1u << i;
    }
    e->left = 0; /* cards still to play: in hands and face down */
    for (int p = 0; p < e->n; p++)
        for (mask m = e->hands[p]; m; m &= m - 1)
            e->left++;
    for (int c = 0; c < e->n_cards; c++)
        e->left += e->under[c] >= 0;
    for (int i = 0; i <= MAXC; i++)
        for (int p = 0; p < MAXN; p++)
            e->killer[i][p] = -1;
    memset(e->history, 0, sizeof e->history);
    Py_RETURN_NONE;
}

/* probe(move, alpha, beta, nodes, max_nodes) -> (value, nodes, limit_hit): the reference's _probe. */
static PyObject *Engine_probe(Engine *e, PyObject *args) {
    int move, alpha, beta;
    long long nodes, max_nodes;
    if (!PyArg_ParseTuple(args, "iiiLL", &move, &alpha, &beta, &nodes, &max_nodes))
        return NULL;
    e->nodes = nodes;
    e->max_nodes = max_nodes;
    e->limit_hit = 0;
    int k = e->trick_len, r;
    if (move >= 0 && (move >= e->n_cards || !((e->hands[(e->trick_leader + k) % e->n] >> move) & 1))) {
        PyErr_SetString(PyExc_ValueError, "probe: the move is not a card of the seat to play");
        return NULL;
    }
    /* The search touches no Python object: other threads may run meanwhile (not on this engine). */
    Py_BEGIN_ALLOW_THREADS
    if (k == 0 && move < 0) {
        r = lead(e, e->trick_leader, alpha, beta);
    } else {
        int seat = (e->trick_leader + k) % e->n;
        int tpts = 0;
        for (int i = 0; i < k; i++)
            tpts += e->points[e->trick[i]];
        if (move < 0)
            r = node(e, k, seat, e->trick_best, e->trick_best_seat, tpts, alpha, beta);
        else
            r = child(e, move, k, seat, e->trick_best, e->trick_best_seat, tpts, alpha, beta);
    }
    Py_END_ALLOW_THREADS
    return Py_BuildValue("iLi", r, e->nodes, e->limit_hit);
}

static PyObject *Engine_table_size(Engine *e, PyObject *unused) {
    (void)unused;
    return PyLong_FromSize_t(e->count);
}

static PyMethodDef Engine_methods[] = {
    {"set_cantes", (PyCFunction)Engine_set_cantes, METH_VARARGS, "Turn on Guiñote's cantes after each trick."},
    {"load", (PyCFunction)Engine_load, METH_VARARGS, "Set the position."},
    {"probe", (PyCFunction)Engine_probe, METH_VARARGS, "Search the position or the root's move in a window."},
    {"table_size", (PyCFunction)Engine_table_size, METH_NOARGS, "Entries in the transposition table."},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject EngineType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "tapete.core._cardsearch.Engine",
    .tp_basicsize = sizeof(Engine),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "The search of tapete.core.card_search.CardSearch, in C.",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Engine_init,
    .tp_dealloc = (destructor)Engine_dealloc,
    .tp_methods = Engine_methods,
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT,
    .m_name = "_cardsearch",
    .m_doc = "The native core of tapete.core.card_search.",
    .m_size = -1,
};

PyMODINIT_FUNC PyInit__cardsearch(void) {
    if (PyType_Ready(&EngineType) < 0)
        return NULL;
    PyObject *m = PyModule_Create(&module);
    if (!m)
        return NULL;
    Py_INCREF(&EngineType);
    if (PyModule_AddObject(m, "Engine", (PyObject *)&EngineType) < 0) {
        Py_DECREF(&EngineType);
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
