"""Benchmarks and evaluation sets: `metnos bench …`, shared with the tests; data from resources/eval."""
