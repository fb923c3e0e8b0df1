// Binomial-tree pairing of the hierarchical clock synchronizations and model assembly.
#include "runtime/clocksync/model/tree_schedule.h"

#include <cassert>

namespace metron::rt::clocksync {

int tree_maxpower(int p) {
  int m = 1;
  while (m <= p / 2) m *= 2;
  return m;
}

int tree_levels(int p) {
  int levels = 0;
  for (int m = tree_maxpower(p); m > 1; m /= 2) ++levels;
  return levels;
}

int tree_rounds(int p) {
  return tree_levels(p) + (tree_maxpower(p) != p ? 1 : 0);
}

std::vector<TreeStep> tree_steps(int rank, int p, TreeOrder order) {
  std::vector<TreeStep> steps;
  const int maxpower = tree_maxpower(p);
  const int levels = tree_levels(p);
  if (rank < maxpower) {
    for (int i = 0; i < levels; ++i) {
      // Bottom-up visits level 1 (pairs r, r+1) first; top-down visits the root's widest pair
      // (0, maxpower/2) first, so every reference is already synchronized when it serves.
      const int level = order == TreeOrder::BottomUp ? i + 1 : levels - i;
      const int half = 1 << (level - 1);
      const int stride = half * 2;
      if (rank % stride == 0) {
        steps.push_back(TreeStep{i + 1, TreeRole::Reference, rank + half, half, false});
      } else if (rank % stride == half) {
        steps.push_back(TreeStep{i + 1, TreeRole::Client, rank - half, half, false});
      }
    }
  }
  if (maxpower != p) {
    if (rank < p - maxpower) {
      steps.push_back(TreeStep{levels + 1, TreeRole::Reference, rank + maxpower, 1, true});
    } else if (rank >= maxpower) {
      steps.push_back(TreeStep{levels + 1, TreeRole::Client, rank - maxpower, 1, true});
    }
  }
  return steps;
}

void absorb_block(std::span<ClockModel> table, int client, std::span<const ClockModel> block) {
  assert(!block.empty() && client + block.size() <= table.size());
  table[client] = block[0];
  for (std::size_t i = 1; i < block.size(); ++i)
    table[client + i] = merge_models(block[0], block[i]);
}

void absorb_remaining(std::span<ClockModel> table) {
  const int p = static_cast<int>(table.size());
  const int maxpower = tree_maxpower(p);
  for (int q = maxpower; q < p; ++q) table[q] = merge_models(table[q - maxpower], table[q]);
}

}  // namespace metron::rt::clocksync
