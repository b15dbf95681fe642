#!/bin/bash
# TODO: write the real solution
echo "solving the task..."
exit 0
