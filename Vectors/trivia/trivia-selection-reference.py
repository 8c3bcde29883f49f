#!/usr/bin/env python3
"""Independent reference for SignetTrivia's question selection (SplitMix64 + Fisher-Yates).

Shares no code with the Swift library; the expected values in SelectionTests come from here.
Usage: python3 scripts/trivia-selection-reference.py SEED COUNT
"""
import sys

MASK = (1 << 64) - 1
BANK = [  # ids of TriviaQuestionBank.builtIn, in order; the right answer is choice 0, four choices each
    "q-capital-australia", "q-largest-planet", "q-water-boils", "q-hexagon-sides", "q-swift-year",
    "q-chemical-gold", "q-longest-river", "q-speed-light", "q-moon-landing", "q-prime-after-7",
    "q-hamlet-author", "q-ocean-largest", "q-bits-in-byte", "q-http-not-found",
]


class SplitMix64:
    def __init__(self, seed):
        self.state = seed & MASK

    def next(self):
        self.state = (self.state + 0x9E3779B97F4A7C15) & MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        return z ^ (z >> 31)

    def below(self, bound):
        if bound <= 1:
            return 0
        threshold = ((1 << 64) - bound) % bound
        while True:
            value = self.next()
            if value >= threshold:
                return value % bound

    def shuffled(self, items):
        items = list(items)
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]
        return items


def select(seed, count):
    rng = SplitMix64(seed)
    drawn = rng.shuffled(BANK)[:count]
    result = []
    for qid in drawn:
        order = rng.shuffled(range(4))
        result.append((qid, order.index(0)))
    return result


if __name__ == "__main__":
    for qid, correct in select(int(sys.argv[1]), int(sys.argv[2])):
        print(qid, correct)
