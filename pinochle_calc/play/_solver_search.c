/* The double-dummy solver of double-deck pinochle, compiled: its search, the method of
 * play/search.py (the pure-Python oracle and fallback, which documents the method) in C, with
 * the same values on every position.
 *
 * A position is the four hands as 16 suit codes (seat * 4 + suit; a code holds the copies of
 * A 10 K Q J as base-5 digits, the ace lowest), the seat that led the trick in progress and
 * the cards played to it. Values are the trick points (unscaled, the last trick's 2
 * included) side 0 (seats 0 and 2) takes from the trick in progress on, when side 0
 * maximises them and side 1 minimises them, each seeing every card.
 *
 * The search: alpha-beta over the cards, card by card; at each trick start a transposition
 * table of bounds keyed by the position with the cards no one holds squeezed out of each suit
 * and the runs of a suit one seat alone holds, of the same counter value, merged (a byte a
 * rank, 21 bytes a key, made anew only for the suits the trick before touched; an entry of 32
 * bytes, the two slots a key may take in one cache line); the plays
 * among one seat's cards that no other card separates merged into one; quick bounds from the
 * tricks the leader surely takes and from each side's trumps above the other side's; moves
 * ordered by what they do to the trick, ties broken by a history of cut-offs; the value of a
 * position found by zero-window searches (MTD(f), bracketing by doubling steps where there is
 * no guess).
 *
 * _solver.c is its Python face (plain C on the CPython API, reading and writing buffers, so no
 * numpy header is needed), which checks every argument before the search sees it and runs the
 * search without the GIL; _solver.h the types both share. Nothing here calls Python: the search
 * asks the face (dd_poll) every DD_POLL_EVERY positions whether to stop.
 */
#include "_solver.h"

static const int CP[5] = {1, 1, 1, 0, 0};   /* counters: A 10 K */
static const int W5[5] = {1, 5, 25, 125, 625};

/* ---- the position ---------------------------------------------------------------------- */

static inline void take(Solver *S, int p, int s, int r) {
    if (!--S->h[p][s][r]) S->m[p][s] &= (uint8_t)~(1 << r);
    S->tot[s][r]--; S->ns[p][s]--; S->nc[p]--; S->counters -= CP[r];
}

static inline void give(Solver *S, int p, int s, int r) {
    if (!S->h[p][s][r]++) S->m[p][s] |= (uint8_t)(1 << r);
    S->tot[s][r]++; S->ns[p][s]++; S->nc[p]++; S->counters += CP[r];
}

/* The ranks of suit `s` some seat other than `p` holds, a bit each. */
static inline int others(const Solver *S, int p, int s) {
    return (S->m[(p + 1) & 3][s] | S->m[(p + 2) & 3][s] | S->m[(p + 3) & 3][s]);
}

/* The trick after `card` is played to `t` by the seat whose turn it is. */
static inline void add_card(Trick *c, const Trick *t, int card, int trump) {
    int s = card / 5, r = card % 5, p = (t->leader + t->k) & 3;
    *c = *t;
    c->cards[t->k] = (uint8_t)card;
    c->played[s] |= (uint8_t)(1 << r);
    c->pts += CP[r];
    if (t->k == 0) {
        c->led = c->ws = s; c->wr = r; c->wseat = p;
    } else if ((s == t->ws && r < t->wr) || (s == trump && t->ws != trump)) {
        c->ws = s; c->wr = r; c->wseat = p;
    }
    c->k = t->k + 1;
}

/* ---- the table ------------------------------------------------------------------------- */

/* Each way of holding 2 to 4 copies of a rank among two seats or more (h0 + 5 h1 + 25 h2 +
 * 125 h3): its number, 0 to 52. */
static uint8_t SHARED[625];

void dd_init(void) {
    int n = 0;
    for (int code = 0; code < 625; code++) {
        int seats = 0, copies = 0;
        for (int p = 0, c = code; p < 4; p++, c /= 5) { seats += c % 5 > 0; copies += c % 5; }
        if (seats >= 2 && copies <= 4) SHARED[code] = (uint8_t)n++;
    }
}

/* Suit `s`'s part of the key of a trick start: the ranks someone holds, high to low, each a
 * byte of its counter value and who holds its copies (1 + 101 v + w: w = 12 a + c - 1 for c
 * copies held by seat a alone, 48 + the way they are shared otherwise); a run of ranks of the
 * same value held by one seat alone is one byte (its copies added up). */
static uint64_t suit_key(const Solver *S, int s) {
    uint64_t w = 0;
    int n = 0, last_seat = -2, last_value = -1, last_count = 0;
    int any = S->m[0][s] | S->m[1][s] | S->m[2][s] | S->m[3][s];
    while (any) {
        int r = __builtin_ctz(any);
        any &= any - 1;
        int t = S->tot[s][r], bit = 1 << r;
        int who = (S->m[0][s] & bit ? 1 : 0) | (S->m[1][s] & bit ? 2 : 0)
                  | (S->m[2][s] & bit ? 4 : 0) | (S->m[3][s] & bit ? 8 : 0);
        int alone = (who & (who - 1)) ? -1 : __builtin_ctz(who);
        int v = CP[r];
        if (alone >= 0 && n && last_seat == alone && last_value == v) {
            last_count += t;
            w &= ~((uint64_t)0xFF << (8 * (n - 1)));
            w |= (uint64_t)(1 + 101 * v + alone * 12 + last_count - 1) << (8 * (n - 1));
            continue;
        }
        int code = alone >= 0 ? alone * 12 + t - 1
                              : 48 + SHARED[S->h[0][s][r] + 5 * S->h[1][s][r]
                                            + 25 * S->h[2][s][r] + 125 * S->h[3][s][r]];
        w |= (uint64_t)(1 + 101 * v + code) << (8 * n++);
        last_seat = alone; last_value = v; last_count = t;
    }
    return w;
}

/* The key of the trick start `t` (see suit_key): the suits the trick before did not touch
 * taken from the key of the trick start before (kept by tricks left), the others made anew. */
static void make_key(Solver *S, const Trick *t, uint64_t key[KEY_WORDS]) {
    int left = S->nc[t->leader];
    uint64_t *mine = S->suit_keys[left];
    const uint64_t *before = S->suit_keys[left + 1];
    int known = t->changed && left < 20 && S->keyed[left + 1];
    for (int s = 0; s < 4; s++)
        mine[s] = known && !(t->changed & (1 << s)) ? before[s] : suit_key(S, s);
    S->keyed[left] = 1;
    key[0] = mine[0] | mine[1] << 40;
    key[1] = mine[1] >> 24 | mine[2] << 16 | mine[3] << 56;
    key[2] = mine[3] >> 8 | (uint64_t)t->leader << 32;
}

static inline uint64_t hash_key(const uint64_t key[KEY_WORDS]) {
    uint64_t h = key[0] * 0x9E3779B97F4A7C15ULL;
    h ^= key[1] + 0x632BE59BD9B4E019ULL + (h << 6) + (h >> 2);
    h *= 0xBF58476D1CE4E5B9ULL;
    h ^= key[2] + 0x94D049BB133111EBULL + (h << 6) + (h >> 2);
    h ^= h >> 31;
    h *= 0xD6E8FEB86659FD93ULL;
    h ^= h >> 32;
    return h;
}

static inline int same_key(const Entry *e, const uint64_t key[KEY_WORDS]) {
    return e->left && e->key[0] == key[0] && e->key[1] == key[1] && e->key[2] == key[2];
}

static Entry *lookup(Solver *S, const uint64_t key[KEY_WORDS], uint64_t h) {
    uint64_t i = h & S->mask;
    Entry *a = &S->table[i], *b = &S->table[i ^ 1];
    if (same_key(a, key)) return a;
    if (same_key(b, key)) return b;
    return NULL;
}

static void store(Solver *S, const uint64_t key[KEY_WORDS], uint64_t h, int lb, int ub, int best,
                  int left) {
    uint64_t i = h & S->mask;
    Entry *a = &S->table[i], *b = &S->table[i ^ 1], *e;
    if (same_key(a, key)) e = a;
    else if (same_key(b, key)) e = b;
    else {
        /* an empty slot, else the one that saves less work */
        e = !a->left ? a : !b->left ? b : (a->left <= b->left ? a : b);
        e->lb = 0; e->ub = 127; e->best = 0;
        memcpy(e->key, key, sizeof(e->key));
    }
    if (lb > e->lb) e->lb = (int8_t)lb;
    if (ub < e->ub) e->ub = (int8_t)ub;
    if (best >= 0) e->best = (uint8_t)(best + 1);
    e->left = (uint8_t)left;
}

/* ---- moves ----------------------------------------------------------------------------- */


static int search(Solver *S, const Trick *t, int alpha, int beta);

/* The legal plays of the seat to play, one per class of equivalent cards: cards of one suit
 * and one counter value with no card of another seat (held, or in the trick) ranked between
 * them or equal to either. `same[i]` receives each legal card's class representative. */
static int legal_moves(const Solver *S, const Trick *t, Move *moves, int *same) {
    int p = (t->leader + t->k) & 3, trump = S->trump;
    int lo = 0, hi = 3, bound = 5;
    if (t->k) {
        int ls = t->led;
        if (S->m[p][ls]) {
            lo = hi = ls;
            if (t->ws == ls && (S->m[p][ls] & ((1 << t->wr) - 1))) bound = t->wr;
        } else if (S->m[p][trump]) {
            lo = hi = trump;
            if (t->ws == trump && (S->m[p][trump] & ((1 << t->wr) - 1))) bound = t->wr;
        }
    }
    int n = 0;
    for (int s = lo; s <= hi; s++) {
        int mine = S->m[p][s] & ((1 << bound) - 1);
        if (!mine) continue;
        int blocked = others(S, p, s) | t->played[s];
        int prev = -1;
        while (mine) {
            int r = __builtin_ctz(mine);
            mine &= mine - 1;
            int card = s * 5 + r;
            if (prev >= 0 && CP[prev % 5] == CP[r]
                && !(blocked & ((2 << r) - (1 << (prev % 5))))) {
                if (same) same[card] = prev;
                continue;
            }
            if (same) same[card] = card;
            moves[n].card = card;
            moves[n].score = 0;
            n++;
            prev = card;
        }
    }
    return n;
}

/* Whether another seat than `p` holds a card of suit `s` ranked above rank `r`. */
static inline int others_above(const Solver *S, int p, int s, int r) {
    return (others(S, p, s) & ((1 << r) - 1)) != 0;
}

/* Whether a card of suit `s` led by `p` surely gives its partner the trick: the partner ruffs
 * it (void in a side suit, holding trump, where both opponents must follow); or the partner
 * holds a copy of the top rank left, the seat after the leader none (it would play it first),
 * and neither opponent can ruff (each holds the suit, or no trump). */
static inline int partner_top(const Solver *S, int p, int s) {
    int q = (p + 2) & 3, o1 = (p + 1) & 3, o3 = (p + 3) & 3, trump = S->trump;
    int all = S->m[0][s] | S->m[1][s] | S->m[2][s] | S->m[3][s];
    int top = all & -all;
    if (s != trump && !S->ns[q][s] && S->ns[q][trump] && S->ns[o1][s] && S->ns[o3][s])
        return 1;
    if (!(S->m[q][s] & top) || (S->m[o1][s] & top)) return 0;
    if (s == trump) return 1;
    return !((!S->ns[o1][s] && S->ns[o1][trump]) || (!S->ns[o3][s] && S->ns[o3][trump]));
}

/* Whether the card of suit `ws` and rank `wr`, winning the trick `t` (its suit led `t->led`),
 * stays the winner whatever the seats from the `k`th of the trick on play. */
static inline int holds(const Solver *S, const Trick *t, int k, int ws, int wr) {
    int trump = S->trump, led = t->led, above = (1 << wr) - 1;
    for (; k < 4; k++) {
        int q = (t->leader + k) & 3;
        if (S->m[q][led]) {
            if (ws == led && (S->m[q][led] & above)) return 0;
        } else if (S->m[q][trump] && (ws != trump || (S->m[q][trump] & above))) return 0;
    }
    return 1;
}

/* Order the moves: the table's best first, then by what the card does to the trick, then by
 * the cut-offs each made so far (`S->hist`). */
static void order_moves(const Solver *S, const Trick *t, Move *m, int n, int best) {
    int p = (t->leader + t->k) & 3, trump = S->trump;
    for (int i = 0; i < n; i++) {
        int s = m[i].card / 5, r = m[i].card % 5, sc;
        if (m[i].card == best) sc = 1000;
        else if (t->k == 0) {
            int top = !others_above(S, p, s, r);
            if (top && s == trump) sc = 300 + 20 * CP[r];
            else if (top) {
                int o1 = (p + 1) & 3, o3 = (p + 3) & 3;
                int ruff = (!S->ns[o1][s] && S->ns[o1][trump]) || (!S->ns[o3][s] && S->ns[o3][trump]);
                sc = ruff ? 60 - r : 250 + 20 * CP[r];
            } else if (partner_top(S, p, s)) sc = 240 + 10 * CP[r] + r;
            else if (!CP[r]) sc = 150 + r - (s == trump ? 0 : S->ns[p][s]);   /* short suits first */
            else sc = 50 - r;
        } else {
            int beats = (s == t->ws && r < t->wr) || (s == trump && t->ws != trump);
            int partner = ((t->wseat ^ p) & 3) == 2;
            if (partner && !beats && holds(S, t, t->k + 1, t->ws, t->wr))
                sc = (t->k == 3 ? 400 : 200) + 40 * CP[r] + r;   /* feed partner's sure winner */
            else if (beats) {
                int sure = holds(S, t, t->k + 1, s, r);   /* the cheapest sure winner first */
                sc = (t->k == 3 ? 500 + 40 * CP[r] + r : 300 + 60 * sure + 40 * CP[r] + r);
            } else if (t->k == 1 && !holds(S, t, 3, t->ws, t->wr))
                sc = 100 + 40 * CP[r] + r;   /* partner, last to play, may win it: counters */
            else sc = 100 - 40 * CP[r] + r;
        }
        m[i].score = sc;
        m[i].hist = S->hist[p][m[i].card];
    }
    for (int i = 1; i < n; i++) {   /* insertion sort, the first in order first */
        Move x = m[i];
        int j = i - 1;
        while (j >= 0 && (m[j].score < x.score
                          || (m[j].score == x.score && m[j].hist < x.hist))) {
            m[j + 1] = m[j];
            j--;
        }
        m[j + 1] = x;
    }
}

/* ---- the search ------------------------------------------------------------------------ */

/* The value after the seat to play plays `card` to `t`. */
static int after(Solver *S, const Trick *t, int card, int alpha, int beta) {
    int p = (t->leader + t->k) & 3, s = card / 5, r = card % 5;
    Trick c;
    add_card(&c, t, card, S->trump);
    take(S, p, s, r);
    int v;
    if (c.k < 4) v = search(S, &c, alpha, beta);
    else {
        int w = c.wseat, got = c.pts + (S->nc[w] ? 0 : 2);
        int mine = (w & 1) ? 0 : got;
        Trick next = {w, 0, 0, 0, 0, 0, 0, {0, 0, 0, 0}, {0, 0, 0, 0}, 0};
        for (int u = 0; u < 4; u++)
            if (c.played[u]) next.changed |= (uint8_t)(1 << u);
        v = mine + search(S, &next, alpha - mine, beta - mine);
    }
    give(S, p, s, r);
    return v;
}

/* The last trick: every seat holds one card. */
static int last_trick(const Solver *S, int leader) {
    int card[4];
    for (int p = 0; p < 4; p++)
        for (int s = 0; s < 4; s++)
            if (S->m[p][s]) { card[p] = s * 5 + __builtin_ctz(S->m[p][s]); break; }
    int ws = card[leader] / 5, wr = card[leader] % 5, wseat = leader, pts = 2;
    for (int k = 0; k < 4; k++) {
        int p = (leader + k) & 3, s = card[p] / 5, r = card[p] % 5;
        pts += CP[r];
        if (k && ((s == ws && r < wr) || (s == S->trump && ws != S->trump))) {
            ws = s; wr = r; wseat = p;
        }
    }
    return (wseat & 1) ? 0 : pts;
}

/* The tricks the leader surely takes by leading them one after another, and the counters
 * its side surely takes in them: in each suit its run from the top (its copies of the top
 * rank left, and while it holds every copy of a rank, those of the next rank too: no one can
 * beat the top card left, a copy played later included), in a side suit as many as every
 * other seat holding trump can follow (a seat without trump cannot take them). The counters:
 * the cards led, and those the others must play to them, beyond their queens and jacks (a
 * seat holding trump follows suit to each; one without trump plays a card a trick). Returns
 * the tricks, `*points` the counters. */
static int sure_tricks(const Solver *S, int leader, int *points) {
    int tr = S->trump, tricks = 0, pts = 0, cs[4] = {0, 0, 0, 0};
    for (int s = 0; s < 4; s++) {
        if (!S->ns[leader][s]) continue;
        int any = S->m[0][s] | S->m[1][s] | S->m[2][s] | S->m[3][s], c = 0;
        for (int left = any; left; left &= left - 1) {   /* the run from the top */
            int r = __builtin_ctz(left);
            c += S->h[leader][s][r];
            if (S->h[leader][s][r] != S->tot[s][r]) break;
        }
        if (!c) continue;
        if (s != tr)
            for (int q = 0; q < 4; q++)
                if (q != leader && S->ns[q][tr] && S->ns[q][s] < c) c = S->ns[q][s];
        tricks += c;
        cs[s] = c;
        for (int left = any, n = c; n; left &= left - 1) {   /* the counters led */
            int r = __builtin_ctz(left), led = S->h[leader][s][r] < n ? S->h[leader][s][r] : n;
            pts += led * CP[r];
            n -= led;
        }
    }
    if (tricks) {
        /* the followers' cards go to the leader's side too: the counters they must play */
        for (int q = 0; q < 4; q++) {
            if (q == leader) continue;
            if (S->ns[q][tr]) {
                for (int s = 0; s < 4; s++) {
                    if (!cs[s]) continue;
                    int follow = cs[s] < S->ns[q][s] ? cs[s] : S->ns[q][s];
                    int low = S->h[q][s][3] + S->h[q][s][4];
                    if (follow > low) pts += follow - low;
                }
            } else {
                int low = 0;
                for (int s = 0; s < 4; s++) low += S->h[q][s][3] + S->h[q][s][4];
                if (tricks > low) pts += tricks - low;
            }
        }
    }
    *points = pts;
    return tricks;
}

/* The counters side `side` surely takes: those of its trumps ranked above every trump of the
 * other side, wherever they are played (the trick's highest trump is then its own, or a
 * partner's copy played before it). */
static inline int sure_trumps(const Solver *S, int side) {
    int tr = S->trump, theirs = S->m[side ^ 1][tr] | S->m[side ^ 3][tr];
    int above = theirs ? (theirs & -theirs) - 1 : 31, pts = 0;
    for (int q = side; q < 4; q += 2) {
        int mine = S->m[q][tr] & above & 7;   /* the counters: A 10 K */
        while (mine) {
            int r = __builtin_ctz(mine);
            mine &= mine - 1;
            pts += S->h[q][tr][r];
        }
    }
    return pts;
}

static int search(Solver *S, const Trick *t, int alpha, int beta) {
    if (++S->nodes > S->limit && S->limit) { S->stopped = DD_LIMIT; return 0; }
    if (dd_poll(S)) { S->stopped = DD_INTERRUPTED; return 0; }
    int top = S->counters + t->pts + 2;   /* side 0 takes at most every point left */
    if (alpha >= top) return top;
    if (beta <= 0) return 0;
    int leader = t->leader;
    uint64_t key[KEY_WORDS], h = 0;
    int lb = 0, ub = top, best_card = -1, left = S->nc[leader];
    if (t->k == 0) {
        if (!left) return 0;
        if (left == 1) return last_trick(S, leader);
        make_key(S, t, key);
        h = hash_key(key);
        __builtin_prefetch(&S->table[h & S->mask & ~(uint64_t)1]);
        int sure_pts, sure = sure_tricks(S, leader, &sure_pts);
        if (sure >= left) return (leader & 1) ? 0 : top;
        /* each side's sure counters: the leader's cashed, or either side's high trumps */
        int s0 = sure_trumps(S, 0), s1 = sure_trumps(S, 1);
        if (leader & 1) { if (sure_pts > s1) s1 = sure_pts; }
        else if (sure_pts > s0) s0 = sure_pts;
        lb = s0;
        ub = top - s1;
        if (lb >= beta) return lb;
        if (ub <= alpha) return ub;
        Entry *e = lookup(S, key, h);
        if (e) {
            if (e->lb > lb) lb = e->lb;
            if (e->ub < ub) ub = e->ub;
            if (lb >= beta) return lb;
            if (ub <= alpha) return ub;
            if (lb == ub) return lb;
            best_card = (int)e->best - 1;
        }
        if (lb > alpha) alpha = lb;
        if (ub < beta) beta = ub;
    }
    Move moves[20];
    int n = legal_moves(S, t, moves, NULL);
    if (n > 1) order_moves(S, t, moves, n, best_card);
    int p = (leader + t->k) & 3, ours = !(p & 1);
    int a0 = alpha, b0 = beta;
    int best = ours ? -1 : 1000, chosen = -1;
    for (int i = 0; i < n; i++) {
        int v = after(S, t, moves[i].card, alpha, beta);
        if (ours) {
            if (v > best) { best = v; chosen = moves[i].card; }
            if (best > alpha) alpha = best;
        } else {
            if (v < best) { best = v; chosen = moves[i].card; }
            if (best < beta) beta = best;
        }
        if (alpha >= beta || S->stopped) {
            /* a cut-off by a card not first in order: remembered for the siblings */
            if (alpha >= beta && i) S->hist[p][moves[i].card] += (uint64_t)(S->nc[p] * S->nc[p]);
            break;
        }
    }
    if (t->k == 0 && !S->stopped) {
        /* fail-soft: at most `best` if it failed low, at least `best` if it failed high */
        int nlb = best <= a0 ? 0 : best, nub = best >= b0 ? top : best;
        store(S, key, h, nlb, nub, chosen, left);
    }
    return best;
}

/* ---- the values the caller asks for ---------------------------------------------------- */

/* Side 0's points from the trick in progress on, after `card` (-1: before any). */
static int bounded(Solver *S, const Trick *t, int card, int alpha, int beta) {
    return card < 0 ? search(S, t, alpha, beta) : after(S, t, card, alpha, beta);
}

/* The exact value by zero-window searches (MTD(f)), each at the bound the last returned, from
 * `guess`. Without a guess (-1), from the middle of the range, a step further each time in the
 * direction of the last test (the step doubling: the bounds a failed test returns most often
 * move by one point only) until a test has failed on each side, then halving the range left:
 * fewer tests where the value may be far (a position's value; the first card's), a point a
 * test where it is near (the next card's, from the last card's value). */
static int mtdf(Solver *S, const Trick *t, int card, int guess) {
    int lo = 0, hi = S->counters + t->pts + 2, wide = guess < 0;
    int g = wide ? hi / 2 : guess > hi ? hi : guess;
    int b = g > lo ? g : lo + 1, step = 1, raised = 0, lowered = 0;
    while (lo < hi && !S->stopped) {
        int v = bounded(S, t, card, b - 1, b);
        if (v < b) { hi = v; lowered = 1; } else { lo = v; raised = 1; }
        if (!wide) b = v;
        else {
            b = raised && lowered ? (lo + hi + 1) / 2 : raised ? lo + step : hi - step + 1;
            step *= 2;
        }
        if (b <= lo) b = lo + 1;
        if (b > hi) b = hi;
    }
    return lo;
}

/* Read a position into the solver and `t` (see dd_load_codes): NULL, or what is wrong. */
static const char *load_codes(Solver *S, const long long *codes, int leader, const int *trick,
                              int k, Trick *t) {
    memset(S->h, 0, sizeof(S->h));
    memset(S->tot, 0, sizeof(S->tot));
    memset(S->ns, 0, sizeof(S->ns));
    memset(S->nc, 0, sizeof(S->nc));
    memset(S->m, 0, sizeof(S->m));
    memset(S->hist, 0, sizeof(S->hist));
    S->counters = 0;
    for (int i = 0; i < 16; i++) {
        int code = (int)codes[i], p = i / 4, s = i % 4;
        for (int r = 0; r < 5; r++) {
            int n = code / W5[r] % 5;
            S->h[p][s][r] = (uint8_t)n;
            S->tot[s][r] += (uint8_t)n;
            S->ns[p][s] += (uint8_t)n;
            S->nc[p] += (uint8_t)n;
            if (n) S->m[p][s] |= (uint8_t)(1 << r);
            S->counters += n * CP[r];
        }
    }
    for (int p = 0; p < 4; p++) {
        int due = S->nc[(leader + k) & 3] - (((p - leader) & 3) < k);
        if (S->nc[p] != due)
            return "the hands are not the same size (the seats that played to the trick hold"
                   " one card fewer)";
    }
    int copies[20];
    for (int c = 0; c < 20; c++) copies[c] = S->tot[c / 5][c % 5];
    for (int j = 0; j < k; j++) copies[trick[j]]++;
    for (int c = 0; c < 20; c++)
        if (copies[c] > 4)
            return "more than four copies of a card in the hands and the trick in progress";
    if (!S->nc[(leader + k) & 3]) return "the hand is over: no card is left to play";
    memset(S->keyed, 0, sizeof(S->keyed));
    Trick z = {leader, 0, 0, 0, 0, 0, 0, {0, 0, 0, 0}, {0, 0, 0, 0}, 0};
    *t = z;
    for (int j = 0; j < k; j++) {
        Trick c;
        add_card(&c, t, trick[j], S->trump);
        *t = c;
    }
    return NULL;
}

int dd_all_values(Solver *S, const Trick *t, int *cards, int *values) {
    Move moves[20];
    int same[20];
    for (int c = 0; c < 20; c++) same[c] = -1;
    int n = legal_moves(S, t, moves, same);
    int found[20], guess = -1;
    for (int i = 0; i < n; i++) {
        found[moves[i].card] = guess = mtdf(S, t, moves[i].card, guess);
    }
    int m = 0;
    for (int c = 0; c < 20; c++)
        if (same[c] >= 0) { cards[m] = c; values[m] = found[same[c]]; m++; }
    return m;
}

/* ---- what the Python face calls -------------------------------------------------------- */

int dd_mtdf(Solver *S, const Trick *t, int card, int guess) { return mtdf(S, t, card, guess); }

int dd_bound(Solver *S, const Trick *t, int at) { return bounded(S, t, -1, at - 1, at); }

const char *dd_load_codes(Solver *S, const long long *codes, int leader, const int *trick,
                          int k, Trick *t) {
    return load_codes(S, codes, leader, trick, k, t);
}

int dd_legal_moves(const Solver *S, const Trick *t, Move *moves, int *same) {
    return legal_moves(S, t, moves, same);
}

