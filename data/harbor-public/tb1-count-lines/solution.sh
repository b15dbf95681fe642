#!/bin/bash
grep -c . /app/notes.md > /app/count.txt
