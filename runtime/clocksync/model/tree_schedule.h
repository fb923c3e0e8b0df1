// The binomial-tree pairing shared by Netgauge (Alg. 11), HCA/HCA2 (Alg. 3) and HCA3, and the
// bottom-up assembly of the root's model table (Alg. 3, Merge_LMs along the tree).
#pragma once

#include <span>
#include <vector>

#include "runtime/clocksync/model/clock_model.h"

namespace metron::rt::clocksync {

// BottomUp: leaves first (Netgauge, HCA, HCA2); each pair's model is relative to the
// reference's local clock and the root composes them. TopDown: root first (HCA3); a client
// learns against a reference whose clock is already global, so nothing needs composing.
enum class TreeOrder { BottomUp, TopDown };

// In a pair, the Reference serves timestamps and the Client learns its model against it.
enum class TreeRole { Reference, Client };

// One pairwise step of one rank. With maxpower = 2^floor(log2 p), a power-of-two round on
// level k (half = 2^(k-1)) pairs r with r + half for r < maxpower, r mod 2^k == 0. The
// remaining round (only when p is not a power of two) pairs r >= maxpower with r - maxpower.
struct TreeStep {
  int round = 0;  // 1-based position in the chosen order; the remaining round is always last
  TreeRole role = TreeRole::Client;
  int peer = 0;
  int span = 1;            // the client's subtree is client .. client + span - 1
  bool remaining = false;  // the extra round for ranks >= maxpower
};

// Largest power of two <= p, for p >= 1.
int tree_maxpower(int p);
// Number of power-of-two rounds, log2(tree_maxpower(p)).
int tree_levels(int p);
// All rounds, the remaining round included: floor(log2 p) + (p is not a power of two).
int tree_rounds(int p);

// The steps of `rank` among p ranks, in execution order. Empty for p = 1. Ranks take part in a
// round only when they have a step in it; steps of different pairs in the same round are
// independent.
std::vector<TreeStep> tree_steps(int rank, int p, TreeOrder order);

// Bottom-up assembly at a reference (Alg. 3). `block` is what the client sent: block[0] is the
// client's model against this reference, block[i] (0 < i < span) is the model of client + i
// against the client. On return table[client + i] is the model against this reference:
// table[client] = block[0], table[client + i] = merge_models(block[0], block[i]).
void absorb_block(std::span<ClockModel> table, int client, std::span<const ClockModel> block);

// The root's last step of the bottom-up assembly (Alg. 3, Sync_Clocks_Remaining). On entry
// table[q] for q >= maxpower holds q's model against q - maxpower (as gathered), table[j] for
// j < maxpower the model of j against the root. On return every entry is against the root.
void absorb_remaining(std::span<ClockModel> table);

}  // namespace metron::rt::clocksync
