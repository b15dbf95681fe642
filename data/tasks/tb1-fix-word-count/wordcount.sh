#!/bin/bash
# Print the number of words in a file.
file="$1"
wc -l < "$file"
