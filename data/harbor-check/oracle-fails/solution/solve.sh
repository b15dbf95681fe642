#!/bin/bash
echo goodbye > /app/out.txt
