"""What both puzzles share: seeded random numbers, hashing, level blocks and the day, words."""
