"""The counting core over reachable states only, compiled on first use.

The dense dynamic programme in :mod:`cluedo.deduction.counting` keeps every
combination of atom rooms, clause bits and envelope groups as a numpy cell,
although in a six-player game about 99% of those cells are never reached: the
rooms always sum to the cards still to place, and most envelope groups are
not yet known early in the order. This module runs the same programme over
the reachable states only, each packed into a 64-bit key held in a hash
table. A *plan* lays a problem out for it: the card order, every card's moves
as bit operations on the key, the clause slots, the pruning limits.
:func:`count_problem` builds the plan and counts in one call of a small C
routine, and :func:`propagate` runs ``counting.propagate``'s rules there too;
:func:`make_plan` and :func:`run_plan` are the same layout written in Python
(the tests check the C one against it). The C source below is compiled once
per machine with the system C compiler into the user's cache directory and
loaded with :mod:`ctypes`; where there is no compiler (or
``CLUEDO_PURE_COUNT=1`` is set) these functions return None and the caller
keeps the numpy path, which the tests prove gives identical counts.

**The key.** Bits ``[0, S)`` are clause *slots*: a clause is open from its
first card in the order to its last, and clauses whose spans do not overlap
share a slot, so S is the largest number open at once (not the number of
clauses). Then one field per atom with room left: its remaining room for a
player or pile atom; for an envelope atom, 0 while it is empty, else the
1-based group of the card that went in (cards nothing tells apart form one
group, as in the dense code).

**Passes.** A forward pass over *collapsed* keys (envelope fields only
"filled") keeps every layer and every state's successor per option; a
backward pass over those layers gives each card's count in each atom as
forward x backward at its step. A state is dropped in the forward pass as
soon as some atom has more room than cards left that may go there, or an
empty envelope atom has no candidate left. The joint envelope distribution
(per group; split evenly among a group's cards) comes from a third pass that
carries the groups forward to the middle envelope step and backward from the
end to it, and pairs the two halves there (see ``count_plan`` in the C
source).

Counts are int64 with overflow checks: any overflow (or a problem whose deal
bound is not below 2^62, or a key wider than 63 bits) returns None, and the
caller counts with Python integers instead.
"""

from __future__ import annotations

import ctypes
import hashlib
import os
import shutil
import subprocess
import sys
import tempfile
import threading
from array import array
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

C_SOURCE = r"""
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    uint64_t *keys;
    int64_t *vals;
    int64_t *bvals;
    uint32_t *table;
    uint32_t tmask;
    uint32_t n;
    uint32_t cap;
} Map;

#define EMPTY 0xFFFFFFFFu

static inline uint32_t hash_key(uint64_t k, uint32_t tmask) {
    k ^= k >> 29;
    k *= 0x9E3779B97F4A7C15ull;
    k ^= k >> 32;
    return (uint32_t)k & tmask;
}

static int map_init(Map *m, uint32_t cap) {
    uint32_t tsize = 16;
    while (tsize < 2 * cap) tsize <<= 1;
    m->cap = tsize / 2;
    m->n = 0;
    m->tmask = tsize - 1;
    m->keys = (uint64_t *)malloc(sizeof(uint64_t) * m->cap);
    m->vals = (int64_t *)malloc(sizeof(int64_t) * m->cap);
    m->bvals = (int64_t *)malloc(sizeof(int64_t) * m->cap);
    m->table = (uint32_t *)malloc(sizeof(uint32_t) * tsize);
    if (!m->keys || !m->vals || !m->bvals || !m->table) return -1;
    memset(m->table, 0xFF, sizeof(uint32_t) * tsize);
    return 0;
}

static void map_free(Map *m) {
    free(m->keys);
    free(m->vals);
    free(m->bvals);
    free(m->table);
    m->keys = NULL;
    m->vals = NULL;
    m->bvals = NULL;
    m->table = NULL;
}

static int map_grow(Map *m) {
    uint32_t tsize = (m->tmask + 1) * 2;
    uint32_t cap = tsize / 2;
    uint64_t *keys = (uint64_t *)realloc(m->keys, sizeof(uint64_t) * cap);
    if (!keys) return -1;
    m->keys = keys;
    int64_t *vals = (int64_t *)realloc(m->vals, sizeof(int64_t) * cap);
    if (!vals) return -1;
    m->vals = vals;
    int64_t *bvals = (int64_t *)realloc(m->bvals, sizeof(int64_t) * cap);
    if (!bvals) return -1;
    m->bvals = bvals;
    free(m->table);
    m->table = (uint32_t *)malloc(sizeof(uint32_t) * tsize);
    if (!m->table) return -1;
    memset(m->table, 0xFF, sizeof(uint32_t) * tsize);
    m->tmask = tsize - 1;
    m->cap = cap;
    for (uint32_t i = 0; i < m->n; i++) {
        uint32_t h = hash_key(m->keys[i], m->tmask);
        while (m->table[h] != EMPTY) h = (h + 1) & m->tmask;
        m->table[h] = i;
    }
    return 0;
}

/* Index of key, inserting it with value 0 if absent; -1 on allocation failure.
   Inlined: it is most of the work of every pass. */
static inline __attribute__((always_inline)) int64_t map_index(Map *m, uint64_t key) {
    uint32_t h = hash_key(key, m->tmask);
    for (;;) {
        uint32_t i = m->table[h];
        if (i == EMPTY) break;
        if (m->keys[i] == key) return i;
        h = (h + 1) & m->tmask;
    }
    if (m->n >= m->cap) {
        if (map_grow(m)) return -1;
        h = hash_key(key, m->tmask);
        while (m->table[h] != EMPTY) h = (h + 1) & m->tmask;
    }
    uint32_t i = m->n++;
    m->keys[i] = key;
    m->vals[i] = 0;
    m->table[h] = i;
    return i;
}

/* Apply option op to key k (collapsed if coll): the new key, or 0 with *ok = 0. */
static inline uint64_t move(uint64_t k, const int64_t *op, int coll, uint64_t slot_mask,
                            uint64_t close, int *ok) {
    uint64_t f = (k >> op[0]) & (uint64_t)op[1];
    if (op[2] ? f != 0 : f == 0) { *ok = 0; return 0; }
    uint64_t nk = k + (uint64_t)op[coll ? 4 : 3];
    uint64_t sl = (nk & slot_mask) | (uint64_t)op[5];
    if ((sl & close) != close) { *ok = 0; return 0; }
    *ok = 1;
    return (nk & ~slot_mask) | (sl & ~close);
}

/*
Plan (int64): n_steps, slot_mask, start_key, n_env, h, env_mask, then per step: close,
n_opts, n_checks, per option (shift, field_mask, is_env, delta_with_group,
delta_filled, sat), per check (shift, field_mask, is_env, limit).
Out (int64): status, n_final, count per step and option, then the final
layer's keys and counts (room for max_final of each).
Status: 0 done, -1 out of memory, -2 int64 overflow, -3 final layer too big.

1. Forward over collapsed keys (envelope fields 0 = empty, 1 = filled),
   dropping states that cannot be completed by the limits (the checks of a
   card's atoms read once per state, not once per option); every layer
   kept, with every state's successor per option (so the later passes look
   nothing up in the hash tables of the collapsed layers).
2. Backward over those layers: completions of each state, and per option
   forward x backward (the card-atom counts).
3. If there are envelope fields: forward again to step h with the group in
   each envelope field, keeping only states whose collapsed key completes;
   backward from the end to step h likewise with the groups placed later;
   at step h every live state pairs its forward groups with its backward
   ones: the joint envelope distribution by groups. (Carrying the groups all
   the way forward multiplies the late layers, where few states are left,
   by up to the size of the joint; meeting in the middle keeps both sides
   small.) Both halves hold (collapsed state, envelope code) entries with
   no hash table: the successors are known from pass 1, so an entry is
   found again along its collapsed state's short chain (forward) or in the
   small table of the one state being summed (backward). Entries keep the
   order a single hash table over whole keys gave, so the envelope rows
   come out in the same order as before.
*/
static int64_t count_plan(const int64_t *plan, int64_t *out, int64_t max_final,
                          int total_only) {
    int64_t n = plan[0];
    uint64_t slot_mask = (uint64_t)plan[1];
    uint64_t start = (uint64_t)plan[2];
    int64_t n_env = plan[3];
    const int64_t *p = plan + 6;
    const int64_t **steps = (const int64_t **)malloc(sizeof(int64_t *) * (n + 1));
    int64_t *base = (int64_t *)malloc(sizeof(int64_t) * (n + 1));
    Map *coll = (Map *)calloc((size_t)n + 1, sizeof(Map));
    /* trans[t][i * n_opts + o]: the index in layer t + 1 that option o takes
       state i of layer t to, or -1 (found once in pass 1, read by passes 2 and 3). */
    int32_t **trans = (int32_t **)calloc((size_t)n + 1, sizeof(int32_t *));
    uint64_t *fkey = NULL;
    int64_t *fval = NULL;
    int32_t *fcoll = NULL;
    size_t fn = 0;
    uint64_t *bkey = NULL, *lkey = NULL;
    int64_t *bval = NULL;
    int32_t *bfirst = NULL, *bcount = NULL, *lidx = NULL;
    uint32_t *lstamp = NULL, lcap = 0, lstampv = 0;
    int64_t h = plan[4];
    int64_t status = 0;
    int64_t *marg = out + 2;
    int64_t n_marg = 0;
    int ok;
    if (!steps || !coll || !base || !trans) { status = -1; goto done; }
    for (int64_t t = 0; t < n; t++) {
        steps[t] = p;
        base[t] = n_marg;
        int64_t no = p[1], nc = p[2];
        n_marg += no;
        p += 3 + 6 * no + 4 * nc;
    }
    memset(marg, 0, sizeof(int64_t) * n_marg);
    for (int64_t t = 0; t <= n; t++) {
        /* Sized for twice the last layer: early layers grow, and growing rehashes. */
        if (map_init(&coll[t], t ? 2 * coll[t - 1].n : 1)) { status = -1; goto done; }
        if (t == 0) {
            int64_t j = map_index(&coll[0], start);
            if (j < 0) { status = -1; goto done; }
            coll[0].vals[j] = 1;
            continue;
        }
        const int64_t *s = steps[t - 1];
        uint64_t close = (uint64_t)s[0];
        int64_t no = s[1], nc = s[2];
        const int64_t *opts = s + 3;
        const int64_t *checks = opts + 6 * no;
        Map *from = &coll[t - 1], *to = &coll[t];
        int32_t *tr = (int32_t *)malloc(sizeof(int32_t) * (from->n * no + 1));
        if (!tr) { status = -1; goto done; }
        trans[t - 1] = tr;
        /* Each check reads one atom of the card. After option o only its own
           atom's field changes, so the checks of the other atoms can be read
           once per state, before the move: own[o] is the bit of o's atom in
           the check list. */
        uint64_t own[64];
        for (int64_t o = 0; o < no; o++) {
            own[o] = 0;
            for (int64_t q = 0; q < nc && q < 64; q++)
                if (checks[4 * q] == opts[6 * o] && checks[4 * q + 2] == opts[6 * o + 2])
                    own[o] |= 1ull << q;
        }
        for (uint32_t i = 0; i < from->n; i++) {
            uint64_t k = from->keys[i];
            int64_t v = from->vals[i];
            /* bad: checks failing before the move (so after any move to another
               atom); over: plain atoms that would fail even after taking the card. */
            uint64_t bad = 0, over = 0;
            for (int64_t q = 0; q < nc; q++) {
                const int64_t *ch = checks + 4 * q;
                uint64_t g = (k >> ch[0]) & (uint64_t)ch[1];
                if (ch[2]) {
                    if (g == 0 && ch[3] == 0) bad |= 1ull << q;
                } else if (g > (uint64_t)ch[3]) {
                    bad |= 1ull << q;
                    if (g > (uint64_t)ch[3] + 1) over |= 1ull << q;
                }
            }
            for (int64_t o = 0; o < no; o++) {
                int32_t *slot = tr + (size_t)i * no + o;
                *slot = -1;
                if ((bad & ~own[o]) | (over & own[o])) continue;
                uint64_t nk = move(k, opts + 6 * o, 1, slot_mask, close, &ok);
                if (!ok) continue;
                int64_t j = map_index(to, nk);
                if (j < 0) { status = -1; goto done; }
                *slot = (int32_t)j;
                if (__builtin_add_overflow(to->vals[j], v, &to->vals[j])) {
                    status = -2; goto done;
                }
            }
        }
    }
    if (total_only) {
        /* Only the number of assignments: the last forward layer's sum. */
        int64_t sum = 0;
        for (uint32_t i = 0; i < coll[n].n; i++)
            if (__builtin_add_overflow(sum, coll[n].vals[i], &sum)) { status = -2; goto done; }
        out[1] = sum;
        goto done;
    }
    for (int64_t t = n; t >= 0; t--) {
        Map *c = &coll[t];
        if (t == n) {
            for (uint32_t i = 0; i < c->n; i++) c->bvals[i] = 1;
            continue;
        }
        int64_t no = steps[t][1];
        const Map *nx = &coll[t + 1];
        const int32_t *tr = trans[t];
        int64_t *m = marg + base[t];
        for (uint32_t i = 0; i < c->n; i++) {
            int64_t fv = c->vals[i];
            int64_t b = 0;
            for (int64_t o = 0; o < no; o++) {
                int32_t j = tr[(size_t)i * no + o];
                if (j < 0) continue;
                int64_t bb = nx->bvals[j];
                if (bb == 0) continue;
                int64_t prod;
                if (__builtin_add_overflow(b, bb, &b)
                    || __builtin_mul_overflow(fv, bb, &prod)
                    || __builtin_add_overflow(m[o], prod, &m[o])) {
                    status = -2; goto done;
                }
            }
            c->bvals[i] = b;
        }
    }
    if (n_env == 0) {
        Map *c = &coll[n];
        if (c->n > (uint64_t)max_final) { status = -3; goto done; }
        out[1] = c->n;
        for (uint32_t i = 0; i < c->n; i++) {
            out[2 + n_marg + i] = (int64_t)c->keys[i];
            out[2 + n_marg + max_final + i] = c->vals[i];
        }
        goto done;
    }
    /* Pass 3, forward to step h: the groups of envelope cards placed before,
       on live states only, as (collapsed index, envelope code) entries in the
       order first met; entries of one collapsed state are chained to find a
       code again without hashing the whole key. */
    fkey = (uint64_t *)malloc(sizeof(uint64_t));
    fval = (int64_t *)malloc(sizeof(int64_t));
    fcoll = (int32_t *)malloc(sizeof(int32_t));
    if (!fkey || !fval || !fcoll) { status = -1; goto done; }
    fkey[0] = 0;
    fval[0] = 1;
    fcoll[0] = 0;
    fn = 1;
    for (int64_t t = 0; t < h; t++) {
        const int64_t *s = steps[t];
        int64_t no = s[1];
        const int64_t *opts = s + 3;
        const Map *ct = &coll[t + 1];
        const int32_t *tr = trans[t];
        size_t bound = fn * (size_t)no + 1;
        uint64_t *nkey = (uint64_t *)malloc(sizeof(uint64_t) * bound);
        int64_t *nval = (int64_t *)malloc(sizeof(int64_t) * bound);
        int32_t *ncoll = (int32_t *)malloc(sizeof(int32_t) * bound);
        int32_t *nnext = (int32_t *)malloc(sizeof(int32_t) * bound);
        int32_t *nhead = (int32_t *)malloc(sizeof(int32_t) * (ct->n + 1));
        if (!nkey || !nval || !ncoll || !nnext || !nhead) {
            free(nkey); free(nval); free(ncoll); free(nnext); free(nhead);
            status = -1; goto done;
        }
        memset(nhead, 0xFF, sizeof(int32_t) * (ct->n + 1));
        size_t w = 0;
        for (size_t i = 0; i < fn; i++) {
            uint64_t k = fkey[i];
            const int32_t *row = tr + (size_t)fcoll[i] * no;
            int64_t v = fval[i];
            for (int64_t o = 0; o < no; o++) {
                int32_t cj = row[o];
                if (cj < 0 || ct->bvals[cj] == 0) continue;
                const int64_t *op = opts + 6 * o;
                uint64_t code = k + (op[2] ? (uint64_t)op[3] : 0);
                int32_t e = nhead[cj];
                while (e >= 0 && nkey[e] != code) e = nnext[e];
                if (e < 0) {
                    e = (int32_t)w++;
                    nkey[e] = code;
                    nval[e] = 0;
                    ncoll[e] = cj;
                    nnext[e] = nhead[cj];
                    nhead[cj] = e;
                }
                if (__builtin_add_overflow(nval[e], v, &nval[e])) {
                    free(nkey); free(nval); free(ncoll); free(nnext); free(nhead);
                    status = -2; goto done;
                }
            }
        }
        free(nnext);
        free(nhead);
        free(fkey); free(fval); free(fcoll);
        fkey = nkey; fval = nval; fcoll = ncoll;
        fn = w;
    }
    /* Pass 3, backward from the end to step h: the groups of envelope cards
       placed from step t on, as envelope codes (the key's envelope fields:
       0 = filled before t, g = filled later by group g). A state's entries
       are contiguous (bfirst[i], bcount[i]), so each state's codes are summed
       in a small table of its own, in the order first met. */
    {
        uint32_t nb = coll[n].n;
        bkey = (uint64_t *)malloc(sizeof(uint64_t) * (nb ? nb : 1));
        bval = (int64_t *)malloc(sizeof(int64_t) * (nb ? nb : 1));
        bfirst = (int32_t *)malloc(sizeof(int32_t) * (nb ? nb : 1));
        bcount = (int32_t *)malloc(sizeof(int32_t) * (nb ? nb : 1));
        if (!bkey || !bval || !bfirst || !bcount) { status = -1; goto done; }
        for (uint32_t i = 0; i < nb; i++) {
            bkey[i] = 0;
            bval[i] = 1;
            bfirst[i] = (int32_t)i;
            bcount[i] = 1;
        }
    }
    for (int64_t t = n - 1; t >= h; t--) {
        const int64_t *s = steps[t];
        int64_t no = s[1];
        const int64_t *opts = s + 3;
        const Map *cf = &coll[t];
        const Map *ct = &coll[t + 1];
        const int32_t *tr = trans[t];
        /* Room for the next layer: each state's entries are at most the sum
           of its successors' entries. */
        size_t room = 0, widest = 0;
        for (uint32_t i = 0; i < cf->n; i++) {
            if (cf->bvals[i] == 0) continue;
            size_t m = 0;
            for (int64_t o = 0; o < no; o++) {
                int32_t cj = tr[(size_t)i * no + o];
                if (cj >= 0 && ct->bvals[cj] != 0) m += (size_t)bcount[cj];
            }
            room += m;
            if (m > widest) widest = m;
        }
        uint64_t *nkey = (uint64_t *)malloc(sizeof(uint64_t) * (room + 1));
        int64_t *nval = (int64_t *)malloc(sizeof(int64_t) * (room + 1));
        int32_t *nfirst = (int32_t *)malloc(sizeof(int32_t) * (cf->n + 1));
        int32_t *ncount = (int32_t *)malloc(sizeof(int32_t) * (cf->n + 1));
        if (!nkey || !nval || !nfirst || !ncount) {
            free(nkey); free(nval); free(nfirst); free(ncount);
            status = -1; goto done;
        }
        uint32_t lsize = 16;
        while (lsize < 2 * widest) lsize <<= 1;
        if (lsize > lcap) {
            free(lkey); free(lidx); free(lstamp);
            lkey = (uint64_t *)malloc(sizeof(uint64_t) * lsize);
            lidx = (int32_t *)malloc(sizeof(int32_t) * lsize);
            lstamp = (uint32_t *)calloc(lsize, sizeof(uint32_t));
            lcap = lsize;
            lstampv = 0;
            if (!lkey || !lidx || !lstamp) {
                free(nkey); free(nval); free(nfirst); free(ncount);
                status = -1; goto done;
            }
        }
        uint32_t lmask = lsize - 1;
        size_t w = 0;
        for (uint32_t i = 0; i < cf->n; i++) {
            nfirst[i] = (int32_t)w;
            ncount[i] = 0;
            if (cf->bvals[i] == 0) continue;
            if (++lstampv == 0) { /* the stamps wrapped: start them again */
                memset(lstamp, 0, sizeof(uint32_t) * lcap);
                lstampv = 1;
            }
            for (int64_t o = 0; o < no; o++) {
                const int64_t *op = opts + 6 * o;
                int32_t cj = tr[(size_t)i * no + o];
                if (cj < 0 || ct->bvals[cj] == 0) continue;
                uint64_t add = op[2] ? (uint64_t)op[3] : 0;
                /* Latest entry first, the order the earlier linked lists gave. */
                for (int32_t e = bfirst[cj] + bcount[cj] - 1; e >= bfirst[cj]; e--) {
                    uint64_t code = bkey[e] | add;
                    uint32_t hh = hash_key(code, lmask);
                    while (lstamp[hh] == lstampv && lkey[hh] != code) hh = (hh + 1) & lmask;
                    int64_t *dst;
                    if (lstamp[hh] != lstampv) {
                        lstamp[hh] = lstampv;
                        lkey[hh] = code;
                        lidx[hh] = (int32_t)w;
                        nkey[w] = code;
                        nval[w] = 0;
                        dst = &nval[w++];
                    } else {
                        dst = &nval[lidx[hh]];
                    }
                    if (__builtin_add_overflow(*dst, bval[e], dst)) {
                        free(nkey); free(nval); free(nfirst); free(ncount);
                        status = -2; goto done;
                    }
                }
            }
            ncount[i] = (int32_t)(w - (size_t)nfirst[i]);
        }
        free(bkey); free(bval); free(bfirst); free(bcount);
        bkey = nkey; bval = nval; bfirst = nfirst; bcount = ncount;
    }
    /* Meet at step h: the groups before from the forward side, after from
       the backward side, for every live collapsed state. */
    {
        Map joint;
        memset(&joint, 0, sizeof(Map));
        if (map_init(&joint, 64)) { map_free(&joint); status = -1; goto done; }
        for (size_t i = 0; i < fn && status == 0; i++) {
            int64_t fv = fval[i];
            uint64_t fk = fkey[i];
            int64_t ci = fcoll[i];
            for (int32_t e = bfirst[ci] + bcount[ci] - 1; e >= bfirst[ci]; e--) {
                int64_t j = map_index(&joint, fk | bkey[e]);
                int64_t prod;
                if (j < 0) { status = -1; break; }
                if (__builtin_mul_overflow(fv, bval[e], &prod)
                    || __builtin_add_overflow(joint.vals[j], prod, &joint.vals[j])) {
                    status = -2; break;
                }
            }
        }
        if (status == 0 && joint.n > (uint64_t)max_final) status = -3;
        if (status == 0) {
            out[1] = joint.n;
            for (uint32_t i = 0; i < joint.n; i++) {
                out[2 + n_marg + i] = (int64_t)joint.keys[i];
                out[2 + n_marg + max_final + i] = joint.vals[i];
            }
        }
        map_free(&joint);
    }
done:
    if (coll) {
        for (int64_t t = 0; t <= n; t++) map_free(&coll[t]);
        free(coll);
    }
    if (trans) {
        for (int64_t t = 0; t <= n; t++) free(trans[t]);
        free(trans);
    }
    free(fkey); free(fval); free(fcoll);
    free(bkey); free(bval); free(bfirst); free(bcount);
    free(lkey); free(lidx); free(lstamp);
    free(steps);
    free(base);
    out[0] = status;
    return status;
}

int64_t cluedo_count(const int64_t *plan, int64_t *out, int64_t max_final) {
    return count_plan(plan, out, max_final, 0);
}

static int popcount64(uint64_t m) { return __builtin_popcountll(m); }

static int same_members(const int32_t *a, int na, const int32_t *b, int nb) {
    if (na != nb) return 0;
    for (int i = 0; i < na; i++) if (a[i] != b[i]) return 0;
    return 1;
}

/*
The whole count from a propagated problem: the card order, the clause slots,
the key fields, the envelope groups, the pruning limits and the meeting step
(as make_plan does in Python), then cluedo_count.
In (int64): n_atoms, n_cards, n_clauses, remaining[n_atoms],
env_category[n_atoms], allowed[n_cards], then per clause: atom mask,
n_members, members.
Out (int64): status, n_final (plus 2^40 if some row names a group of
several cards), count[n_cards * n_atoms] (free cards only), group[n_cards]
(1-based envelope group, 0 if none), then n_final rows of (count, per
category: the envelope card, or minus its group if the group has several)
with room for max_final, then n_cards_rows and the same rows card by card
(every group spelled out, its count split evenly).
Status as cluedo_count, and -4: the key does not fit 63 bits, or a card may
go to several envelope atoms (no deal has that shape; the group lists below
hold one entry per card).
*/
int64_t cluedo_count_problem(const int64_t *in, int64_t *out, int64_t n_cats,
                             int64_t max_final, int64_t total_only) {
    int64_t n_atoms = in[0], n_cards = in[1], n_cl = in[2];
    const int64_t *remaining = in + 3;
    const int64_t *envcat = remaining + n_atoms;
    const int64_t *allowed = envcat + n_atoms;
    const int64_t *cl = allowed + n_cards;
    int64_t status = 0;
    int64_t *cl_mask = malloc(sizeof(int64_t) * (n_cl + 1));
    int64_t *cl_first = malloc(sizeof(int64_t) * (n_cl + 1));
    int64_t *cl_last = malloc(sizeof(int64_t) * (n_cl + 1));
    int64_t *cl_bit = malloc(sizeof(int64_t) * (n_cl + 1));
    int64_t *cl_left = malloc(sizeof(int64_t) * (n_cl + 1));
    char *cl_open = calloc(n_cl + 1, 1);
    const int64_t **cl_mem = malloc(sizeof(int64_t *) * (n_cl + 1));
    int64_t *cl_n = malloc(sizeof(int64_t) * (n_cl + 1));
    int32_t *mem_n = calloc(n_cards + 1, sizeof(int32_t));
    int32_t **mem = calloc(n_cards + 1, sizeof(int32_t *));
    int64_t *order = malloc(sizeof(int64_t) * (n_cards + 1));
    int64_t *pos = malloc(sizeof(int64_t) * (n_cards + 1));
    char *todo = calloc(n_cards + 1, 1);
    int64_t *group = out + 2 + n_cards * n_atoms;
    int64_t fshift[64], fmask[64], avail[64];
    int64_t *plan = NULL, *pout = NULL, *optcard = NULL, *optatom = NULL;
    int64_t n = 0;
    if (!cl_mask || !cl_first || !cl_last || !cl_bit || !cl_left || !cl_open || !cl_mem
        || !cl_n || !mem_n || !mem || !order || !pos || !todo || n_atoms > 63 || n_cats > 63) {
        status = -1; goto fin;
    }
    memset(out, 0, sizeof(int64_t) * (2 + n_cards * n_atoms + n_cards));
    for (int64_t i = 0; i < n_cl; i++) {
        cl_mask[i] = cl[0];
        cl_n[i] = cl[1];
        cl_mem[i] = cl + 2;
        for (int64_t j = 0; j < cl[1]; j++) mem_n[cl[2 + j]]++;
        cl += 2 + cl[1];
    }
    for (int64_t c = 0; c < n_cards; c++) {
        mem[c] = malloc(sizeof(int32_t) * (mem_n[c] + 1));
        if (!mem[c]) { status = -1; goto fin; }
        mem_n[c] = 0;
    }
    for (int64_t i = 0; i < n_cl; i++)
        for (int64_t j = 0; j < cl_n[i]; j++) {
            int64_t c = cl_mem[i][j];
            mem[c][mem_n[c]++] = (int32_t)i;
        }
    /* Order: the card that closes most clauses, then opens fewest, then
       touches most, then the lowest; cards in no clause last. */
    int64_t n_todo = 0;
    for (int64_t i = 0; i < n_cl; i++) cl_left[i] = cl_n[i];
    for (int64_t c = 0; c < n_cards; c++)
        if (popcount64((uint64_t)allowed[c]) > 1 && mem_n[c] > 0) { todo[c] = 1; n_todo++; }
    while (n_todo > 0) {
        int64_t best = -1, bc = 0, bo = 0, bm = 0;
        for (int64_t c = 0; c < n_cards; c++) {
            if (!todo[c]) continue;
            int64_t closes = 0, opens = 0;
            for (int j = 0; j < mem_n[c]; j++) {
                int32_t i = mem[c][j];
                if (cl_left[i] == 1) closes++;
                if (!cl_open[i]) opens++;
            }
            if (best < 0 || closes > bc || (closes == bc && (opens < bo
                || (opens == bo && mem_n[c] > bm)))) {
                best = c; bc = closes; bo = opens; bm = mem_n[c];
            }
        }
        order[n++] = best;
        todo[best] = 0;
        n_todo--;
        for (int j = 0; j < mem_n[best]; j++) {
            cl_left[mem[best][j]]--;
            cl_open[mem[best][j]] = 1;
        }
    }
    for (int64_t c = 0; c < n_cards; c++)
        if (popcount64((uint64_t)allowed[c]) > 1 && mem_n[c] == 0) order[n++] = c;
    for (int64_t t = 0; t < n; t++) pos[order[t]] = t;
    /* Clause slots: interval colouring of [first, last] positions, by first. */
    for (int64_t i = 0; i < n_cl; i++) {
        int64_t lo = n, hi = -1;
        for (int64_t j = 0; j < cl_n[i]; j++) {
            int64_t q = pos[cl_mem[i][j]];
            if (q < lo) lo = q;
            if (q > hi) hi = q;
        }
        cl_first[i] = lo;
        cl_last[i] = hi;
    }
    int64_t busy[64], n_slots = 0;
    int64_t *close = calloc(n + 1, sizeof(int64_t));
    if (!close) { status = -1; goto fin; }
    for (int64_t t = 0; t < n; t++) {
        for (int64_t i = 0; i < n_cl; i++) {
            if (cl_first[i] != t) continue;
            int64_t s = 0;
            while (s < n_slots && busy[s] >= t) s++;
            if (s == n_slots) {
                if (n_slots == 63) { free(close); status = -4; goto fin; }
                n_slots++;
            }
            busy[s] = cl_last[i];
            cl_bit[i] = 1ll << s;
            close[cl_last[i]] |= 1ll << s;
        }
    }
    /* Fields and envelope groups (same mask, same clauses). */
    int64_t shift = n_slots, start = 0, field_mask = 0, n_env = 0;
    int64_t envatoms = 0;
    for (int64_t a = 0; a < n_atoms; a++) {
        int64_t room = remaining[a];
        if (room <= 0) continue;
        int64_t width = 0;
        if (envcat[a] >= 0) {
            int64_t ng = 0;
            int64_t rep[64];
            for (int64_t t = 0; t < n; t++) {
                int64_t c = order[t];
                if (!((allowed[c] >> a) & 1)) continue;
                int64_t g = 0;
                for (; g < ng; g++) {
                    int64_t r = rep[g];
                    if (allowed[r] == allowed[c]
                        && same_members(mem[r], mem_n[r], mem[c], mem_n[c])) break;
                }
                if (g == ng) {
                    if (ng == 63) { free(close); status = -4; goto fin; }
                    rep[ng++] = c;
                }
                group[c] = g + 1;
            }
            while ((1ll << width) <= ng) width++;
            field_mask |= ((1ll << width) - 1) << shift;
            envatoms |= 1ll << a;
            n_env++;
        } else {
            while ((1ll << width) <= room) width++;
            start |= room << shift;
        }
        fshift[a] = shift;
        fmask[a] = (1ll << width) - 1;
        shift += width;
        if (shift > 63) { free(close); status = -4; goto fin; }
    }
    for (int64_t t = 0; t < n; t++)
        if (popcount64((uint64_t)(allowed[order[t]] & envatoms)) > 1) {
            free(close); status = -4; goto fin;
        }
    /* The plan buffer, laid out as make_plan does. */
    int64_t n_opt = 0;
    for (int64_t t = 0; t < n; t++) n_opt += popcount64((uint64_t)allowed[order[t]]);
    plan = malloc(sizeof(int64_t) * (6 + 3 * n + 10 * n_opt));
    optcard = malloc(sizeof(int64_t) * (n_opt + 1));
    optatom = malloc(sizeof(int64_t) * (n_opt + 1));
    int64_t *lim = malloc(sizeof(int64_t) * (n_opt + 1));
    if (!plan || !optcard || !optatom || !lim) { free(close); free(lim); status = -1; goto fin; }
    memset(avail, 0, sizeof(avail));
    {
        int64_t q = n_opt;
        for (int64_t t = n - 1; t >= 0; t--) {
            uint64_t m = (uint64_t)allowed[order[t]];
            int64_t k = popcount64(m);
            q -= k;
            int64_t r = q;
            for (uint64_t mm = m; mm; mm &= mm - 1) lim[r++] = avail[__builtin_ctzll(mm)];
            for (uint64_t mm = m; mm; mm &= mm - 1) avail[__builtin_ctzll(mm)]++;
        }
    }
    int64_t h = n, n_es = 0, seen = 0;
    for (int64_t t = 0; t < n; t++) if (allowed[order[t]] & envatoms) n_es++;
    for (int64_t t = 0; t < n; t++)
        if (allowed[order[t]] & envatoms) {
            if (seen == n_es / 2) { h = t; break; }
            seen++;
        }
    int64_t *w = plan;
    *w++ = n; *w++ = (1ll << n_slots) - 1; *w++ = start; *w++ = n_env; *w++ = h;
    *w++ = field_mask;
    int64_t q = 0;
    for (int64_t t = 0; t < n; t++) {
        int64_t c = order[t];
        uint64_t m = (uint64_t)allowed[c];
        int64_t k = popcount64(m);
        *w++ = close[t]; *w++ = k; *w++ = k;
        for (uint64_t mm = m; mm; mm &= mm - 1) {
            int64_t a = __builtin_ctzll(mm), sh = fshift[a], sat = 0;
            for (int j = 0; j < mem_n[c]; j++)
                if ((cl_mask[mem[c][j]] >> a) & 1) sat |= cl_bit[mem[c][j]];
            *w++ = sh; *w++ = fmask[a];
            if (envcat[a] >= 0) {
                *w++ = 1; *w++ = group[c] << sh; *w++ = 1ll << sh;
            } else {
                *w++ = 0; *w++ = -(1ll << sh); *w++ = -(1ll << sh);
            }
            *w++ = sat;
            optcard[q] = c; optatom[q] = a; q++;
        }
        int64_t r = q - k;
        for (uint64_t mm = m; mm; mm &= mm - 1) {
            int64_t a = __builtin_ctzll(mm);
            *w++ = fshift[a]; *w++ = fmask[a]; *w++ = envcat[a] >= 0; *w++ = lim[r++];
        }
    }
    free(close);
    free(lim);
    pout = malloc(sizeof(int64_t) * (2 + n_opt + 2 * max_final));
    if (!pout) { status = -1; goto fin; }
    status = count_plan(plan, pout, max_final, (int)total_only);
    if (status != 0) goto fin;
    if (total_only) { out[1] = pout[1]; goto fin; }
    for (int64_t o = 0; o < n_opt; o++) out[2 + optcard[o] * n_atoms + optatom[o]] += pout[2 + o];
    out[1] = pout[1];
    {
        /* Envelope rows by card: the fixed card, the card of a one-card group,
           or minus the group of several cards (the caller splits its count). */
        int64_t *fixed = calloc(n_cats + 1, sizeof(int64_t));
        int64_t *single = calloc((size_t)n_cats * 64 + 1, sizeof(int64_t));
        if (!fixed || !single) { free(fixed); free(single); status = -1; goto fin; }
        for (int64_t c = 0; c < n_cards; c++) {
            uint64_t m = (uint64_t)allowed[c];
            if (popcount64(m) == 1) {
                int64_t a = __builtin_ctzll(m);
                if (envcat[a] >= 0 && envcat[a] < n_cats) fixed[envcat[a]] = c;
            }
        }
        for (int64_t c = 0; c < n_cards; c++) {
            if (!group[c]) continue;
            for (int64_t a = 0; a < n_atoms; a++) {
                if (!(((envatoms >> a) & 1) && ((allowed[c] >> a) & 1) && envcat[a] < n_cats))
                    continue;
                int64_t *slot = &single[envcat[a] * 64 + group[c]];
                *slot = *slot ? -1 : c + 1; /* card + 1, or -1 when shared */
            }
        }
        int64_t *row = group + n_cards;
        for (int64_t i = 0; i < pout[1]; i++) {
            uint64_t key = (uint64_t)pout[2 + n_opt + i];
            row[0] = pout[2 + n_opt + max_final + i];
            for (int64_t k = 0; k < n_cats; k++) row[1 + k] = fixed[k];
            for (int64_t a = 0; a < n_atoms; a++) {
                if (!(((envatoms >> a) & 1) && envcat[a] < n_cats)) continue;
                int64_t g = (int64_t)((key >> fshift[a]) & (uint64_t)fmask[a]);
                int64_t one = single[envcat[a] * 64 + g];
                row[1 + envcat[a]] = one > 0 ? one - 1 : -g;
                if (one <= 0) out[1] |= (int64_t)1 << 40; /* some group to split */
            }
            row += 1 + n_cats;
        }
        /* The same rows with every group spelled out card by card (its count
           split evenly), in itertools.product's order, the last category
           fastest: the joint by card, ready for the caller to read. */
        int64_t width = 1 + n_cats;
        int64_t *exp = group + n_cards + max_final * width;
        int64_t *mstart = calloc((size_t)n_cats * 64 + 1, sizeof(int64_t));
        int64_t *fill = calloc((size_t)n_cats * 64 + 1, sizeof(int64_t));
        int64_t *mlist = NULL;
        if (!mstart || !fill) {
            free(mstart); free(fill); free(fixed); free(single);
            status = -1; goto fin;
        }
        for (int64_t c = 0; c < n_cards; c++) {
            if (!group[c]) continue;
            for (int64_t a = 0; a < n_atoms; a++)
                if (((envatoms >> a) & 1) && ((allowed[c] >> a) & 1) && envcat[a] < n_cats)
                    mstart[envcat[a] * 64 + group[c] + 1]++;
        }
        for (int64_t i = 1; i <= n_cats * 64; i++) mstart[i] += mstart[i - 1];
        /* Sized by the entries counted, not the cards: safe whatever the shape. */
        mlist = malloc(sizeof(int64_t) * (mstart[n_cats * 64] + 1));
        if (!mlist) {
            free(mstart); free(fill); free(fixed); free(single);
            status = -1; goto fin;
        }
        for (int64_t c = 0; c < n_cards; c++) { /* ascending: each list sorted */
            if (!group[c]) continue;
            for (int64_t a = 0; a < n_atoms; a++)
                if (((envatoms >> a) & 1) && ((allowed[c] >> a) & 1) && envcat[a] < n_cats) {
                    int64_t at = envcat[a] * 64 + group[c];
                    mlist[mstart[at] + fill[at]++] = c;
                }
        }
        int64_t n_exp = 0, lo[64], len[64], idx[64];
        row = group + n_cards;
        for (int64_t i = 0; i < pout[1] && status == 0; i++, row += width) {
            int64_t times = 1;
            for (int64_t k = 0; k < n_cats; k++) {
                int64_t code = row[1 + k];
                if (code >= 0) { lo[k] = -1 - code; len[k] = 1; }
                else { lo[k] = mstart[k * 64 - code]; len[k] = mstart[k * 64 - code + 1] - lo[k]; }
                times *= len[k];
                idx[k] = 0;
            }
            int64_t share = times ? row[0] / times : 0;
            for (int64_t left = times; left > 0; left--) {
                if (n_exp >= max_final) { status = -3; break; }
                int64_t *e = exp + 1 + n_exp * width;
                e[0] = share;
                for (int64_t k = 0; k < n_cats; k++)
                    e[1 + k] = lo[k] < 0 ? -1 - lo[k] : mlist[lo[k] + idx[k]];
                n_exp++;
                for (int64_t k = n_cats - 1; k >= 0; k--) { /* odometer */
                    if (++idx[k] < len[k]) break;
                    idx[k] = 0;
                }
            }
        }
        exp[0] = n_exp;
        free(mstart);
        free(mlist);
        free(fill);
        free(fixed);
        free(single);
    }
fin:
    if (mem) for (int64_t c = 0; c < n_cards; c++) free(mem[c]);
    free(mem); free(mem_n); free(cl_mask); free(cl_first); free(cl_last); free(cl_bit);
    free(cl_left); free(cl_open); free(cl_mem); free(cl_n); free(order); free(pos); free(todo);
    free(plan); free(pout); free(optcard); free(optatom);
    out[0] = status;
    return status;
}

/* a sorted, b sorted: is a a subset of b? */
static int subset(const int64_t *a, int64_t na, const int64_t *b, int64_t nb) {
    int64_t j = 0;
    for (int64_t i = 0; i < na; i++) {
        while (j < nb && b[j] < a[i]) j++;
        if (j == nb || b[j] != a[i]) return 0;
        j++;
    }
    return 1;
}

static int cmp_i64(const void *x, const void *y) {
    int64_t a = *(const int64_t *)x, b = *(const int64_t *)y;
    return (a > b) - (a < b);
}

/*
Unit propagation, as counting.propagate does in Python.
In (int64): n_atoms, n_cards, n_clauses, caps[n_atoms], allowed[n_cards], then
per clause: atom mask, n_members, members.
Out (int64): status (0 done, 1 infeasible, -1 out of memory),
remaining[n_atoms], allowed[n_cards], n_kept, then per kept clause: atom
mask, n_members, members (sorted); shorter clauses first.
*/
int64_t cluedo_propagate(const int64_t *in, int64_t *out) {
    int64_t n_atoms = in[0], n_cards = in[1], n_cl = in[2];
    const int64_t *caps = in + 3;
    int64_t *rem = out + 1;
    int64_t *al = rem + n_atoms;
    const int64_t *p = caps + n_atoms + n_cards;
    int64_t total = 0, status = 0;
    for (int64_t i = 0; i < n_cl; i++) { total += p[1]; p += 2 + p[1]; }
    int64_t *mask = malloc(sizeof(int64_t) * (n_cl + 1));
    int64_t *cnt = malloc(sizeof(int64_t) * (n_cl + 1));
    int64_t **mem = malloc(sizeof(int64_t *) * (n_cl + 1));
    int64_t *store = malloc(sizeof(int64_t) * (total + 1));
    int64_t *idx = malloc(sizeof(int64_t) * (n_cl + 1));
    int64_t free_in[64];
    if (!mask || !cnt || !mem || !store || !idx || n_atoms > 63) { status = -1; goto end; }
    memcpy(al, caps + n_atoms, sizeof(int64_t) * n_cards);
    p = caps + n_atoms + n_cards;
    {
        int64_t *w = store;
        for (int64_t i = 0; i < n_cl; i++) {
            mask[i] = p[0];
            cnt[i] = p[1];
            mem[i] = w;
            memcpy(w, p + 2, sizeof(int64_t) * p[1]);
            qsort(w, p[1], sizeof(int64_t), cmp_i64);
            w += p[1];
            p += 2 + p[1];
        }
    }
    for (;;) {
        int changed = 0;
        memcpy(rem, caps, sizeof(int64_t) * n_atoms);
        memset(free_in, 0, sizeof(free_in));
        for (int64_t c = 0; c < n_cards; c++) {
            uint64_t m = (uint64_t)al[c];
            if (m == 0) { status = 1; goto end; }
            if ((m & (m - 1)) == 0) rem[__builtin_ctzll(m)]--;
            else for (; m; m &= m - 1) free_in[__builtin_ctzll(m)]++;
        }
        uint64_t full = 0;
        for (int64_t a = 0; a < n_atoms; a++) {
            if (rem[a] < 0) { status = 1; goto end; }
            if (rem[a] == 0) full |= 1ull << a;
            else if (free_in[a] < rem[a]) { status = 1; goto end; }
            else if (free_in[a] == rem[a]) {
                for (int64_t c = 0; c < n_cards; c++) {
                    uint64_t m = (uint64_t)al[c];
                    if ((m & (m - 1)) && ((m >> a) & 1)) {
                        al[c] = (int64_t)(1ull << a);
                        changed = 1;
                    }
                }
            }
        }
        if (changed) continue;
        for (int64_t c = 0; c < n_cards; c++) {
            uint64_t m = (uint64_t)al[c];
            if ((m & (m - 1)) && (m & full)) { al[c] = (int64_t)(m & ~full); changed = 1; }
        }
        int64_t kept = 0;
        for (int64_t i = 0; i < n_cl; i++) {
            uint64_t cm = (uint64_t)mask[i];
            int64_t live = 0, sure = 0;
            for (int64_t j = 0; j < cnt[i]; j++) {
                uint64_t m = (uint64_t)al[mem[i][j]];
                if (m & cm) {
                    mem[i][live++] = mem[i][j];
                    if ((m & ~cm) == 0) sure = 1;
                }
            }
            if (sure) continue;
            if (live == 0) { status = 1; goto end; }
            if (live == 1) { al[mem[i][0]] &= (int64_t)cm; changed = 1; continue; }
            mask[kept] = mask[i];
            cnt[kept] = live;
            mem[kept] = mem[i];
            kept++;
        }
        n_cl = kept;
        if (!changed) break;
    }
    /* Drop clauses implied by a smaller one on the same or fewer atoms. */
    for (int64_t i = 0; i < n_cl; i++) idx[i] = i;
    for (int64_t i = 1; i < n_cl; i++) { /* stable insertion sort by size */
        int64_t v = idx[i], j = i - 1;
        while (j >= 0 && cnt[idx[j]] > cnt[v]) { idx[j + 1] = idx[j]; j--; }
        idx[j + 1] = v;
    }
    {
        int64_t *w = al + n_cards + 1, n_kept = 0;
        int64_t *kept_at[64 * 64];
        int64_t cap = (int64_t)(sizeof(kept_at) / sizeof(kept_at[0]));
        for (int64_t q = 0; q < n_cl; q++) {
            int64_t i = idx[q];
            int implied = 0;
            for (int64_t k = 0; k < n_kept && !implied; k++) {
                int64_t *kc = kept_at[k];
                if ((kc[0] & ~mask[i]) == 0 && subset(kc + 2, kc[1], mem[i], cnt[i])) implied = 1;
            }
            if (implied) continue;
            if (n_kept == cap) { status = -1; goto end; }
            kept_at[n_kept++] = w;
            *w++ = mask[i];
            *w++ = cnt[i];
            memcpy(w, mem[i], sizeof(int64_t) * cnt[i]);
            w += cnt[i];
        }
        al[n_cards] = n_kept;
    }
end:
    free(mask); free(cnt); free(mem); free(store); free(idx);
    out[0] = status;
    return status;
}
"""


@dataclass(frozen=True)
class Plan:
    """A counting problem laid out for the compiled core (see the module docstring)."""

    code: array[int]
    """The plan buffer the C routine reads."""
    n_steps: int
    options: tuple[tuple[int, int], ...]
    """(card, atom) for every option of every step, in the buffer's order."""
    env_fields: tuple[tuple[int, int, int], ...]
    """(category, shift, field mask) for every envelope atom with room."""
    groups: dict[int, list[list[int]]]
    """category -> groups of its cards that may be in the envelope (1-based in keys)."""
    max_final: int


_LIB_LOCK = threading.Lock()
_LIB: list[ctypes.CDLL | None] = []


def _cache_dir() -> Path:
    base = os.environ.get("CLUEDO_CACHE_DIR")
    if base:
        return Path(base)
    xdg = os.environ.get("XDG_CACHE_HOME")
    root = Path(xdg) if xdg else Path.home() / ".cache"
    return root / "cluedo"


def _compile(target: Path) -> bool:
    compiler = os.environ.get("CC") or shutil.which("cc") or shutil.which("gcc")
    if not compiler:
        return False
    target.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    with tempfile.TemporaryDirectory(dir=target.parent) as tmp:
        src = Path(tmp) / "count.c"
        src.write_text(C_SOURCE, encoding="utf-8")
        built = Path(tmp) / target.name
        result = subprocess.run(
            [compiler, "-O3", "-shared", "-fPIC", "-o", str(built), str(src)],
            capture_output=True,
            timeout=120,
            check=False,
        )
        if result.returncode != 0 or not built.exists():
            return False
        os.replace(built, target)  # atomic: concurrent processes see a whole file
    return True


def _load() -> ctypes.CDLL | None:
    if os.environ.get("CLUEDO_PURE_COUNT"):
        return None
    digest = hashlib.sha256(
        (C_SOURCE + sys.platform + sys.implementation.cache_tag).encode()
    ).hexdigest()[:16]
    candidates = [_cache_dir(), Path(tempfile.gettempdir()) / f"cluedo-{os.getuid()}"]
    for folder in candidates:
        target = folder / f"count_{digest}.so"
        try:
            if not target.exists() and not _compile(target):
                continue
            lib = ctypes.CDLL(str(target))
        except (OSError, subprocess.SubprocessError):
            continue
        fn = lib.cluedo_count
        fn.argtypes = [ctypes.c_void_p, ctypes.c_void_p, ctypes.c_int64]
        fn.restype = ctypes.c_int64
        fn = lib.cluedo_count_problem
        fn.argtypes = [
            ctypes.c_void_p,
            ctypes.c_void_p,
            ctypes.c_int64,
            ctypes.c_int64,
            ctypes.c_int64,
        ]
        fn.restype = ctypes.c_int64
        fn = lib.cluedo_propagate
        fn.argtypes = [ctypes.c_void_p, ctypes.c_void_p]
        fn.restype = ctypes.c_int64
        return lib
    return None


def library() -> ctypes.CDLL | None:
    """The compiled core, compiling it on first use; None where it cannot be had."""
    if not _LIB:
        with _LIB_LOCK:
            if not _LIB:
                _LIB.append(_load())
    return _LIB[0]


def available() -> bool:
    """Whether counts run in the compiled core in this process."""
    return library() is not None


@lru_cache(maxsize=4096)
def bits(mask: int) -> tuple[int, ...]:
    """The set bits of ``mask``, lowest first (masks repeat: cached)."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return tuple(out)


def make_plan(
    remaining: Sequence[int],
    allowed: Sequence[int],
    clauses: Sequence[tuple[int, frozenset[int]]],
    env_category: Sequence[int],
    order: Sequence[int],
) -> Plan | None:
    """Lay out a propagated problem for :func:`run_plan`; None if it does not fit a key."""
    n_atoms = len(remaining)
    n = len(order)
    pos = {c: t for t, c in enumerate(order)}
    member: dict[int, list[int]] = {}
    spans = []
    for i, (_, cs) in enumerate(clauses):
        ps = [pos[c] for c in cs]
        spans.append((min(ps), max(ps), i))
        for c in cs:
            member.setdefault(c, []).append(i)
    # Clause slots: interval colouring of [first, last] positions.
    spans.sort()
    slot_bit = [0] * len(clauses)
    busy: list[int] = []  # per slot: the last position it is taken
    close = [0] * n
    for first, last, i in spans:
        for s, until in enumerate(busy):
            if until < first:
                busy[s] = last
                break
        else:
            s = len(busy)
            busy.append(last)
        slot_bit[i] = 1 << s
        close[last] |= 1 << s
    n_slots = len(busy)

    # Fields; envelope groups: same mask and same clauses -> interchangeable.
    groups: dict[int, list[list[int]]] = {}
    group_of: dict[int, int] = {}
    env_fields: list[tuple[int, int, int]] = []
    fshift = [0] * n_atoms
    fmask = [0] * n_atoms
    shift = n_slots
    start = 0
    no_clause: list[int] = []
    env_mask = 0  # atoms
    field_mask = 0  # key bits of the envelope fields
    for a in range(n_atoms):
        room = remaining[a]
        if room <= 0:
            continue
        k = env_category[a]
        if k >= 0:
            keyed: dict[tuple[int, tuple[int, ...]], list[int]] = {}
            for c in order:
                if (allowed[c] >> a) & 1:
                    keyed.setdefault((allowed[c], tuple(member.get(c, no_clause))), []).append(c)
            groups[k] = list(keyed.values())
            for g, group in enumerate(groups[k], 1):
                for c in group:
                    group_of[c] = g
            width = len(groups[k]).bit_length()
            env_fields.append((k, shift, (1 << width) - 1))
            env_mask |= 1 << a
            field_mask |= ((1 << width) - 1) << shift
        else:
            width = room.bit_length()
            start |= room << shift
        fshift[a] = shift
        fmask[a] = (1 << width) - 1
        shift += width
    if shift > 63:
        return None

    # Pruning limits: cards left after step t that may go to each of its atoms.
    avail = [0] * n_atoms
    limits: list[list[int]] = [[]] * n
    for t in range(n - 1, -1, -1):
        atoms = bits(allowed[order[t]])
        limits[t] = [avail[a] for a in atoms]
        for a in atoms:
            avail[a] += 1

    # Meet between the two halves of the steps that can fill the envelope.
    env_steps = [t for t, c in enumerate(order) if allowed[c] & env_mask]
    h = env_steps[len(env_steps) // 2] if env_steps else n
    code: list[int] = [n, (1 << n_slots) - 1, start, len(env_fields), h, field_mask]
    options: list[tuple[int, int]] = []
    for t, c in enumerate(order):
        atoms = bits(allowed[c])
        code += (close[t], len(atoms), len(atoms))
        mine = [(clauses[i][0], slot_bit[i]) for i in member.get(c, no_clause)]
        for a in atoms:
            sh = fshift[a]
            sat = 0
            for m, b in mine:
                if (m >> a) & 1:
                    sat |= b
            if env_category[a] >= 0:
                code += (sh, fmask[a], 1, group_of[c] << sh, 1 << sh, sat)
            else:
                code += (sh, fmask[a], 0, -(1 << sh), -(1 << sh), sat)
            options.append((c, a))
        for a, lim in zip(atoms, limits[t], strict=True):
            code += (fshift[a], fmask[a], 1 if env_category[a] >= 0 else 0, lim)
    max_final = 1
    for gs in groups.values():
        max_final *= len(gs)
    return Plan(array("q", code), n, tuple(options), tuple(env_fields), groups, max_final)


@dataclass
class PlanResult:
    """What :func:`run_plan` returns: per-option counts and the last layer."""

    option_counts: list[int]
    final: list[tuple[int, int]]
    """(key, count) of every state of the last forward layer."""


def run_plan(plan: Plan) -> PlanResult | None:
    """Run a plan in the compiled core; None if unavailable or int64 would overflow."""
    lib = library()
    if lib is None or plan.max_final > 1 << 20:
        return None
    n_opts = len(plan.options)
    out = array("q", bytes(8 * (2 + n_opts + 2 * plan.max_final)))
    status = lib.cluedo_count(plan.code.buffer_info()[0], out.buffer_info()[0], plan.max_final)
    if status != 0:
        return None
    n_final = out[1]
    keys = out[2 + n_opts : 2 + n_opts + n_final]
    vals = out[2 + n_opts + plan.max_final : 2 + n_opts + plan.max_final + n_final]
    return PlanResult(out[2 : 2 + n_opts].tolist(), list(zip(keys, vals, strict=True)))


@dataclass
class CoreCounts:
    """What :func:`count_problem` returns."""

    marginal: list[list[int]]
    """Per card (free cards only; fixed ones are all zero) and atom."""
    group: list[int]
    """Per card: its 1-based envelope group within its category, 0 if none."""
    rows: list[int]
    """The last layer, ``width`` numbers a row: the count, then per category
    the envelope card, or minus its group when that group has several cards."""
    width: int
    shared: bool
    """Whether some row names a group of several cards."""
    cards: list[int]
    """``rows`` with every group spelled out: a row per envelope (one card per
    category), its group's count split evenly, in ``itertools.product`` order."""


def count_problem(
    remaining: Sequence[int],
    allowed: Sequence[int],
    clauses: Sequence[tuple[int, frozenset[int]]],
    env_category: Sequence[int],
    n_cats: int,
) -> CoreCounts | None:
    """Count a propagated problem in one call of the compiled core (order and
    plan included, as :func:`make_plan` lays them out); None if the core is
    unavailable or the problem does not fit it (the caller counts otherwise)."""
    lib = library()
    n_atoms = len(remaining)
    if lib is None or n_atoms > 63:
        return None
    max_final = 1
    for a, k in enumerate(env_category):
        if k >= 0 and remaining[a] > 0:
            bit = 1 << a
            max_final *= sum(1 for m in allowed if m & bit)
    if max_final > 1 << 20:
        return None
    n_cards = len(allowed)
    code = [n_atoms, n_cards, len(clauses), *remaining, *env_category, *allowed]
    for mask, cards in clauses:
        code += (mask, len(cards), *cards)
    data = array("q", code)
    width = 1 + n_cats
    out = array("q", bytes(8 * (3 + n_cards * n_atoms + n_cards + 2 * max_final * width)))
    status = lib.cluedo_count_problem(
        data.buffer_info()[0], out.buffer_info()[0], n_cats, max_final, 0
    )
    if status != 0:
        return None
    n_final = out[1] & ((1 << 40) - 1)
    flat = out[2 : 2 + n_cards * n_atoms].tolist()
    marginal = [flat[c * n_atoms : (c + 1) * n_atoms] for c in range(n_cards)]
    at = 2 + n_cards * n_atoms
    group = out[at : at + n_cards].tolist()
    at += n_cards
    rows = out[at : at + n_final * width].tolist()
    at += max_final * width
    spelled = out[at + 1 : at + 1 + out[at] * width].tolist()
    return CoreCounts(marginal, group, rows, width, bool(out[1] >> 40), spelled)


def count_total(
    remaining: Sequence[int],
    allowed: Sequence[int],
    clauses: Sequence[tuple[int, frozenset[int]]],
    env_category: Sequence[int],
    n_cats: int,
) -> int | None:
    """Only the number of assignments of a propagated problem (the forward pass, a
    fraction of a whole count); None where :func:`count_problem` would give None."""
    lib = library()
    n_atoms = len(remaining)
    if lib is None or n_atoms > 63:
        return None
    n_cards = len(allowed)
    code = [n_atoms, n_cards, len(clauses), *remaining, *env_category, *allowed]
    for mask, cards in clauses:
        code += (mask, len(cards), *cards)
    data = array("q", code)
    out = array("q", bytes(8 * (2 + n_cards * n_atoms + n_cards + (1 + n_cats))))
    status = lib.cluedo_count_problem(data.buffer_info()[0], out.buffer_info()[0], n_cats, 1, 1)
    return int(out[1]) if status == 0 else None


def propagate(
    caps: Sequence[int],
    allowed: Sequence[int],
    clauses: Sequence[tuple[int, frozenset[int]]],
) -> tuple[list[int], list[int], list[tuple[int, frozenset[int]]]] | bool | None:
    """``counting.propagate`` in the compiled core.

    Returns its result, False if the problem is infeasible, or None if the
    core is unavailable (the caller propagates in Python).
    """
    lib = library()
    n_atoms = len(caps)
    if lib is None or n_atoms > 63:
        return None
    code = [n_atoms, len(allowed), len(clauses), *caps, *allowed]
    size = 0
    for mask, cards in clauses:
        code += (mask, len(cards), *cards)
        size += 2 + len(cards)
    data = array("q", code)
    n_cards = len(allowed)
    out = array("q", bytes(8 * (2 + n_atoms + n_cards + size)))
    status = lib.cluedo_propagate(data.buffer_info()[0], out.buffer_info()[0])
    if status == 1:
        return False
    if status != 0:
        return None
    values = out.tolist()
    remaining = values[1 : 1 + n_atoms]
    at = 1 + n_atoms + n_cards
    kept: list[tuple[int, frozenset[int]]] = []
    pos = at + 1
    for _ in range(values[at]):
        n = values[pos + 1]
        kept.append((values[pos], frozenset(values[pos + 2 : pos + 2 + n])))
        pos += 2 + n
    return remaining, values[1 + n_atoms : at], kept
