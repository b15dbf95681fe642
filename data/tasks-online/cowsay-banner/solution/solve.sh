#!/bin/bash
set -euo pipefail
/usr/games/cowsay "ship it" > /app/banner.txt
