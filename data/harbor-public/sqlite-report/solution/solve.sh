#!/bin/bash
set -e
sqlite3 -csv /app/shop.db "SELECT customer, SUM(amount) AS t FROM orders GROUP BY customer ORDER BY t DESC" > /app/report.csv
