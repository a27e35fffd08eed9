"""Batch request bodies reading seeded wallets 1..n once, 500 a request (bench/seed.sql's addresses).

Usage: python3 bench/batch-bodies.py <n>   (one JSON body per line)
"""
import sys

n = int(sys.argv[1])
for start in range(1, n + 1, 500):
    print('{"inputs":[' + ','.join('"0x%040x"' % i for i in range(start, min(n, start + 499) + 1)) + '],"useCase":"payment"}')
