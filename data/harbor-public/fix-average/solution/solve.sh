#!/bin/bash
set -e
sed -i 's|sum(nums) / (len(nums) + 1)|sum(nums) / len(nums)|' /app/stats.py
