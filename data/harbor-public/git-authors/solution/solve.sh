#!/bin/bash
set -e
git -C /app/repo log --format=%an | sort | uniq -c | sort -k1,1nr -k2 | awk '{print $2, $1}' > /app/authors.txt
