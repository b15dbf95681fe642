#!/bin/bash
cat > /app/wordcount.sh <<'SH'
#!/bin/bash
# Print the number of words in a file.
file="$1"
wc -w < "$file" | tr -d ' '
SH
chmod +x /app/wordcount.sh
