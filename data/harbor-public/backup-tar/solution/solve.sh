#!/bin/bash
set -e
mkdir -p /backup
tar -C /srv -czf /backup/site.tar.gz site
