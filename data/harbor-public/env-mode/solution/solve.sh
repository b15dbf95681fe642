#!/bin/bash
echo "$APP_MODE" > /app/mode.txt
