#!/bin/bash
sed -i 's/^listen 8080$/listen 9090/' /etc/myapp/server.conf
