"""Build the shop database the task starts from (deterministic for a given seed)."""
import random, sqlite3, sys

path, seed = sys.argv[1], int(sys.argv[2])
rng = random.Random(seed)
names = ["Ada", "Brook", "Chen", "Dara", "Emil", "Farah", "Goran", "Hana"]
con = sqlite3.connect(path)
con.execute("CREATE TABLE customers (id INTEGER PRIMARY KEY, name TEXT NOT NULL)")
con.execute("CREATE TABLE orders (id INTEGER PRIMARY KEY, customer_id INTEGER REFERENCES customers(id), amount REAL)")
con.executemany("INSERT INTO customers VALUES (?, ?)", list(enumerate(names, 1)))
orders = [(i, rng.randint(1, len(names)), round(rng.uniform(5, 250), 2)) for i in range(1, 61)]
con.executemany("INSERT INTO orders VALUES (?, ?, ?)", orders)
con.commit()
con.close()
