#!/bin/bash
python3 -c 'print("\n".join(str(n) for n in range(2, 50) if all(n % d for d in range(2, n))))' > /app/primes.txt
