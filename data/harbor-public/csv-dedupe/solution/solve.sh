#!/bin/bash
set -e
awk '!seen[$0]++' /app/people.csv > /app/people_unique.csv
