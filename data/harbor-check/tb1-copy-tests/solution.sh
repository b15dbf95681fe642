#!/bin/bash
wc -l < /app/tests/data.txt > /app/out.txt
